import { describe, expect, it } from 'vitest';
import { namesSomeone, parseRecipients, recipientsPayload } from './recipients';

describe('notice recipients', () => {
  it('reads everyone from an empty selection and users, organisations and others from entries', () => {
    expect(parseRecipients('')).toEqual({ everyone: true, users: [], organizes: [], others: [] });
    expect(parseRecipients('u1--user, d1--department,c1--company,u2,r1--role')).toEqual({
      everyone: false,
      users: ['u1', 'u2'],
      organizes: ['d1', 'c1'],
      others: ['r1--role'],
    });
  });

  it('writes the entries the server resolves, keeping what this screen does not edit', () => {
    const types = new Map([['c1', 'company']]);
    const chosen = { everyone: false, users: ['u1'], organizes: ['d1', 'c1'], others: ['r1--role'] };
    expect(recipientsPayload(chosen, (id) => types.get(id))).toBe('u1--user,d1--department,c1--company,r1--role');
    expect(recipientsPayload({ ...chosen, everyone: true }, () => undefined)).toBe('');
    expect(namesSomeone({ everyone: false, users: [], organizes: [], others: [] })).toBe(false);
  });
});
