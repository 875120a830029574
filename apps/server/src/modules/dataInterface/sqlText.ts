// The SQL of an interface, read once: parameters ({name}) and system variables (@name) become binds ($n for
// PostgreSQL, ? for MySQL) — their values are never written into the text — and the words outside strings and
// comments are collected for the refusal checks (sensitive words, protected platform tables).
import { refuse } from '../../platform/errors.js';
import { m } from './messages.js';

export type Dialect = 'postgres' | 'mysql';

/** a placeholder's value: one value, or a list (a system variable standing for several ids) */
export type BindValue = string | number | boolean | Date | null;
export type Resolved = BindValue | BindValue[];

export interface CompiledSql {
  text: string;
  values: BindValue[];
  /** lower-cased words and quoted identifiers outside strings and comments */
  words: Set<string>;
}

const IDENT = /[A-Za-z_][A-Za-z0-9_]*/y;

/**
 * reads `sql`: each {name} is asked of `param`, each @name of `variable` (undefined: not a variable, left as
 * written); an unknown {name} is refused. A list binds as one placeholder per value ("in (@userAndSubordinates)").
 */
export function compileSql(
  sql: string,
  dialect: Dialect,
  param: (name: string) => Resolved,
  variable: (name: string) => Resolved | undefined,
  known: (name: string) => boolean,
): CompiledSql {
  const values: BindValue[] = [];
  const words = new Set<string>();
  let out = '';
  let i = 0;
  const bind = (v: Resolved) => {
    const list = Array.isArray(v) ? v : [v];
    if (!list.length) list.push(null);
    return list
      .map((x) => {
        values.push(x);
        return dialect === 'postgres' ? `$${values.length}` : '?';
      })
      .join(', ');
  };
  const text = sql.trim().replace(/;\s*$/, '');
  if (!text) throw refuse(m.sqlEmpty);
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    // strings
    if (c === "'") {
      const start = i++;
      while (i < text.length) {
        if (dialect === 'mysql' && text[i] === '\\') i += 2;
        else if (text[i] === "'" && text[i + 1] === "'") i += 2;
        else if (text[i] === "'") break;
        else i++;
      }
      out += text.slice(start, ++i);
      continue;
    }
    // quoted identifiers
    if (c === '"' || c === '`') {
      const end = text.indexOf(c, i + 1);
      const stop = end < 0 ? text.length : end;
      words.add(text.slice(i + 1, stop).toLowerCase());
      out += text.slice(i, stop + 1);
      i = stop + 1;
      continue;
    }
    // comments
    if ((c === '-' && next === '-') || (dialect === 'mysql' && c === '#')) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
      out += ' ';
      continue;
    }
    if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      out += ' ';
      continue;
    }
    // dollar quoting ($$…$$, $tag$…$tag$); a bare $n is refused: binds are ours
    if (c === '$' && dialect === 'postgres') {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i));
      if (tag) {
        const end = text.indexOf(tag[0], i + tag[0].length);
        const stop = end < 0 ? text.length : end + tag[0].length;
        out += text.slice(i, stop);
        i = stop;
        continue;
      }
      if (/\d/.test(next ?? '')) throw refuse(m.configInvalid, { detail: '$n' });
    }
    if (c === '?' && dialect === 'mysql') throw refuse(m.configInvalid, { detail: '?' });
    if (c === ';') throw refuse(m.multiStatement);
    // {name}: an interface parameter
    if (c === '{') {
      const match = /^\{\s*(@?[A-Za-z_][A-Za-z0-9_.]*)\s*\}/.exec(text.slice(i));
      if (match) {
        const name = match[1]!;
        if (name.startsWith('@')) {
          const v = variable(name);
          if (v === undefined) throw refuse(m.paramUndefined, { name });
          out += bind(v);
        } else {
          if (!known(name)) throw refuse(m.paramUndefined, { name });
          out += bind(param(name));
        }
        i += match[0].length;
        continue;
      }
    }
    // @name: a system variable (anything else after @ is left as written)
    if (c === '@' && /[A-Za-z_]/.test(next ?? '')) {
      IDENT.lastIndex = i + 1;
      const ident = IDENT.exec(text)![0];
      const v = variable(`@${ident}`);
      if (v !== undefined) {
        out += bind(v);
        i += ident.length + 1;
        continue;
      }
      out += `@${ident}`;
      i += ident.length + 1;
      continue;
    }
    if (/[A-Za-z_]/.test(c)) {
      IDENT.lastIndex = i;
      const ident = IDENT.exec(text)![0];
      words.add(ident.toLowerCase());
      out += ident;
      i += ident.length;
      continue;
    }
    out += c;
    i++;
  }
  return { text: out, values, words };
}

/** words a query (not a writing interface) may not hold */
const WRITE_WORDS = [
  'insert',
  'update',
  'delete',
  'drop',
  'truncate',
  'alter',
  'create',
  'grant',
  'revoke',
  'merge',
  'call',
  'exec',
  'execute',
  'copy',
  'into',
  'lock',
  'vacuum',
  'rename',
  'load_file',
  'outfile',
  'dumpfile',
  'set_config',
];

/** words even a writing interface may not hold */
const DDL_WORDS = ['drop', 'truncate', 'alter', 'create', 'grant', 'revoke', 'copy', 'vacuum', 'rename', 'set_config'];

/**
 * the platform's own data no interface reaches, read or write: sessions, passwords, grants, audit, the
 * interface secrets, and the server-side file and connection functions
 */
const PROTECTED = [
  'base_session',
  'base_user_password_history',
  'base_authorize',
  'base_permission_group_member',
  'base_audit_log',
  'base_login_log',
  'base_data_source',
  'base_interface_oauth',
  'base_data_interface_log',
  'password_hash',
  'password_salt',
  'password_cipher',
  'app_secret_cipher',
  'pg_read_file',
  'pg_read_binary_file',
  'pg_ls_dir',
  'pg_stat_file',
  'lo_import',
  'lo_export',
  'dblink',
  'dblink_exec',
  'pg_authid',
  'pg_shadow',
  'pg_terminate_backend',
  'pg_cancel_backend',
  'pg_reload_conf',
  // the embedded engine (PGlite) cannot cancel a statement: nothing may sleep on the platform's database
  'pg_sleep',
  'pg_sleep_for',
  'pg_sleep_until',
];

/** tables of the platform a writing interface may not change */
const WRITE_PROTECTED = [
  'base_user',
  'base_role',
  'base_module',
  'base_data_migration',
  'base_data_interface',
  'base_scheduled_job',
];

/** refuses a query holding a writing word ("当前SQL含有敏感字：…") */
export function refuseSensitive(words: Set<string>, writing: boolean) {
  const hits = (writing ? DDL_WORDS : WRITE_WORDS).filter((w) => words.has(w));
  if (hits.length) throw refuse(m.sensitiveWord, { words: hits.join(',') });
}

/** refuses SQL on the platform's own database touching its protected data */
export function refuseProtected(words: Set<string>, writing: boolean) {
  const hits = [...PROTECTED, ...(writing ? WRITE_PROTECTED : [])].filter((w) => words.has(w));
  if (hits.length) throw refuse(m.protectedTable, { names: hits.join(',') });
}
