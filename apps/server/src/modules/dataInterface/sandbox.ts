// Interface scripts (dataJsJson "(data) => data", dataExceptionJson "(data) => true", variable expressions) run
// in QuickJS compiled to WebAssembly: a separate heap with no process, require, file or network, a time limit
// and a memory limit. Data goes in and comes out as JSON text, so nothing of the server's objects is reachable.
import { newQuickJSWASMModule, shouldInterruptAfterDeadline, type QuickJSWASMModule } from 'quickjs-emscripten';
import { refuse } from '../../platform/errors.js';
import { m } from './messages.js';

export const SCRIPT_TIMEOUT_MS = 1_000;
export const SCRIPT_MEMORY_BYTES = 64 * 1024 * 1024;
const MAX_OUTPUT_CHARS = 20 * 1024 * 1024;

let engine: Promise<QuickJSWASMModule> | null = null;

/** the scripts of an interface are empty, or the identity the screen fills in */
export function isBlankScript(code: string | null | undefined): boolean {
  if (!code) return true;
  const plain = code.replace(/\s+/g, '');
  return (
    plain === '' || plain === '(data)=>data' || plain === '(data)=>{returndata;}' || plain === '(data)=>{returndata}'
  );
}

/**
 * evaluates `code` — a function of the data, or an expression of `data` — with `data` and answers its result,
 * as JSON would carry it. Refuses with a clear message when it throws, runs too long or uses too much memory.
 */
export async function runScript(code: string, data: unknown, timeoutMs = SCRIPT_TIMEOUT_MS): Promise<unknown> {
  const quickjs = await (engine ??= newQuickJSWASMModule());
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(SCRIPT_MEMORY_BYTES);
  runtime.setMaxStackSize(512 * 1024);
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + timeoutMs));
  const vm = runtime.newContext();
  let out: string | undefined;
  let failure: string | undefined;
  try {
    const input = vm.newString(JSON.stringify(data === undefined ? null : data));
    vm.setProp(vm.global, '__input', input);
    input.dispose();
    const source =
      `(function () { var data = JSON.parse(__input); __input = undefined;\n` +
      `var __v = (${code}\n);\n` +
      `if (typeof __v === 'function') __v = __v(data);\n` +
      `return JSON.stringify(__v === undefined ? null : __v); })()`;
    const result = vm.evalCode(source, 'interface.js');
    if (result.error) {
      const err = vm.dump(result.error) as { name?: string; message?: string } | string;
      result.error.dispose();
      failure = typeof err === 'string' ? err : `${err?.name ?? 'Error'}: ${err?.message ?? ''}`;
    } else {
      out = vm.getString(result.value);
      result.value.dispose();
    }
  } catch (err) {
    failure = String((err as Error)?.message ?? err);
  }
  const stopped = failure !== undefined && /interrupted|out of memory|stack|memory/i.test(failure);
  if (stopped) {
    // a runtime stopped mid-run may hold objects it cannot free (QuickJS aborts on freeing it): the whole
    // WebAssembly instance is dropped instead, and the next script gets a new one
    engine = null;
  } else {
    try {
      vm.dispose();
      runtime.dispose();
    } catch {
      engine = null;
    }
  }
  if (failure !== undefined) {
    if (/interrupted/i.test(failure)) throw refuse(m.scriptTimeout, { seconds: timeoutMs / 1000 });
    if (stopped || /too long|invalid array length/i.test(failure)) throw refuse(m.scriptMemory);
    throw refuse(m.scriptFailed, { reason: failure.slice(0, 300) });
  }
  if (out === undefined || out.length > MAX_OUTPUT_CHARS) throw refuse(m.resultTooLarge, { size: '20MB' });
  return JSON.parse(out) as unknown;
}
