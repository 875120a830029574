// Time-sortable string ids in the reference's snowflake style: milliseconds since 2025-01-01 in the high
// bits, then 10 random process bits and a 12-bit sequence. 18 decimal digits until 2032.
import { randomInt } from 'node:crypto';

const EPOCH = 1_735_689_600_000n;
const processBits = BigInt(randomInt(1024));
let lastMs = 0n;
let sequence = 0n;

export function newId(): string {
  let now = BigInt(Date.now());
  if (now < lastMs) now = lastMs; // clock stepped back: keep ids increasing
  if (now === lastMs) {
    sequence = (sequence + 1n) & 0xfffn;
    if (sequence === 0n) now = lastMs + 1n; // 4096 ids in one ms: borrow the next ms
  } else sequence = 0n;
  lastMs = now;
  return (((now - EPOCH) << 22n) | (processBits << 12n) | sequence).toString();
}
