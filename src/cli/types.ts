// The shape of the one command table (table.ts): every `ecsdeck <resource> <verb>` is one Verb, which says
// its arguments and flags (the parser, the help and the completion scripts read them), the request a write
// makes (reverse.ts reads it back into a command line), and how it runs over the client.
import type { Client } from '../api/index.js';
import type { CommandFor } from '../history/record.js';

/** `switch`: a flag given `yes` or `no`, for a true or false the request must be able to say */
export type ValueType = 'string' | 'number' | 'boolean' | 'switch';
export type Value = string | number | boolean;
export type Values = Record<string, Value | undefined>;

export interface Param {
  /** the value's key; an option's flag is `--name` */
  name: string;
  help: string;
  /** default 'string'; numbers must be whole */
  type?: ValueType;
  /** an argument given in place, not a flag */
  positional?: boolean;
  required?: boolean;
  default?: Value;
  choices?: readonly string[];
  /** what the completion scripts offer for it: names from the service, or this machine's profiles */
  complete?: 'servers' | 'templates' | 'profiles';
  /** shown in the help as the value's name: `--plan PLAN` */
  meta?: string;
}

/** Where a value of the request comes from: one of the command's values, or a constant of the verb. */
export type BodyField = { from: string } | { const: Value };

/**
 * The request a write verb sends: method, path with `{value}` placeholders (each an encoded path segment),
 * body keys (dotted for nesting: `config.day_of_week`). A value that is absent is left out of the body.
 */
export interface WriteSpec {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: Record<string, BodyField>;
}

/** What a verb hands back to be printed. */
export type Output =
  | { kind: 'rows'; rows: unknown[]; columns: Column[]; json?: unknown }
  | { kind: 'record'; value: unknown; columns: Column[]; json?: unknown }
  /** text printed as it is whatever the format: the service's CSV, a new token's value */
  | { kind: 'text'; text: string }
  | { kind: 'none'; note?: string };

export interface Column {
  title: string;
  get(row: never): string;
  /** never cut to fit a terminal's width (an id a person copies into the next command) */
  whole?: boolean;
  /**
   * Left out on a terminal too narrow for every column whole, before any column is cut: the highest first
   * (an action's COMPLETED before its PROGRESS). A pipe, a file, JSON and CSV always have every column.
   */
  drop?: number;
  /**
   * Left out, highest first, only when keeping it would cut another column to fewer than 20 columns (or
   * would not fit at all): `history list`'s BY, then PROFILE, make room for WHAT. Unlike `drop`, kept whenever
   * the others can give up their ends and stay readable.
   */
  spare?: number;
  /**
   * What a person reads in `-o table`: the value with its unit (`728.8 KB/s`, `29.5 %`). CSV and JSON keep
   * `get`'s plain number, which scripts compute with.
   */
  show?(row: never): string;
  /** right-aligned in `-o table`, so that a column of figures lines up by its ends */
  right?: boolean;
}

export interface Result {
  output: Output;
  /** the action the request started: `--wait` follows it */
  actionId?: number | null;
  /** with `--wait`, what to print once the action has completed (the record read again) */
  after?: () => Promise<Output>;
  /** said on stderr after the result: for the person, never data */
  note?: string;
}

export type Format = 'table' | 'json' | 'csv';

export interface Ctx {
  client: Client;
  format: Format;
  /**
   * How far a long read has got (`power 120/10000`), for the person: one line on stderr redrawn in place when
   * stderr is a terminal, nothing otherwise (a script's stderr stays quiet); null takes the line away.
   */
  progress?: (text: string | null) => void;
  /** stdin's text, for `--file -` */
  readInput(path: string): Promise<string>;
}

/** What a verb over this machine's own files (the history, the profiles) is given: no client, no connection. */
export interface LocalCtx {
  format: Format;
  env: Record<string, string | undefined>;
  /** --read-only: what would change the service (a token made for a new profile) is refused */
  readOnly: boolean;
  /** the one-shot command that sends a request (reverse.ts, over this table), for the history's writes */
  commandFor: CommandFor;
  /** stdin's text, for a secret that is never taken on the command line */
  readInput(path: string): Promise<string>;
}

interface VerbBase {
  resource: string;
  name: string;
  summary: string;
  params: Param[];
  /** a write: the request it sends (a verb that writes without one cannot be replayed from the history) */
  write?: WriteSpec;
  /** it starts an action: `--wait` and `--timeout` apply */
  startsAction?: boolean;
  /** it waits for the action it names whatever the flags say (`actions wait`): `--timeout` applies */
  waits?: boolean;
  /** asks on a terminal, and needs `--yes` without one */
  destructive?: boolean;
  /** changes something on the service even without a WriteSpec (refused under --read-only) */
  writes?: boolean;
  /** a usage error in the values that the parser alone cannot see, or null */
  check?(v: Values): string | null;
  /** reads what the values name (a file, stdin) into the values the request takes */
  prepare?(v: Values, ctx: Pick<Ctx, 'readInput'>): Promise<void>;
}

/** A verb over the service: the connection is made first (flags, ECSDECK_*, profiles). */
export interface ServiceVerb extends VerbBase {
  local?: false;
  run(ctx: Ctx, v: Values): Promise<Result>;
}

/** A verb over this machine's own files (`history list`, `profiles use`): no connection is made, no credential needed. */
export interface LocalVerb extends VerbBase {
  local: true;
  run(ctx: LocalCtx, v: Values): Promise<Result>;
}

export type Verb = ServiceVerb | LocalVerb;

export interface Resource {
  name: string;
  summary: string;
  verbs: Verb[];
}

/** A column of a table, typed by its row. */
export function col<T>(
  title: string,
  get: (row: T) => string,
  more: { whole?: boolean; drop?: number; spare?: number; show?: (row: T) => string; right?: boolean } = {},
): Column {
  return { title, get: get, ...more };
}

export class UsageError extends Error {
  constructor(
    message: string,
    /** the resource or verb whose help the error points at */
    readonly helpFor?: string,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Where a command reads and writes: the process's own streams, or a test's. */
export interface Io {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  stdin: NodeJS.ReadStream;
  env: Record<string, string | undefined>;
}
