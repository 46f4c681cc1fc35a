// A profile's settings for the programs the dashboard hands the terminal to and for the word it sends the
// desktop: how `x` reaches a server (user, program, extra arguments, IPv6, a tmux window) and when a long
// action's end is notified. Stored in the profile's entry of the config file (`ssh`, `notify`), each
// overridden by an ECSDECK_ variable; only known fields of the right type are kept, anything else is dropped.

export interface SshSettings {
  /** the user of the destination, `root` by default */
  user: string;
  /** the program run, `ssh` (the first on PATH) by default */
  program: string;
  /** extra arguments put before the destination: `-i key`, `-J jump`, `-p 2222` */
  args: string[];
  /** the server's IPv6 address even when it has an IPv4 one */
  preferIpv6: boolean;
  /** inside tmux, a new tmux window instead of taking the dashboard's terminal */
  tmuxWindow: boolean;
}

export type NotifyMode = 'osc' | 'bell' | 'off';

export interface NotifySettings {
  /** `osc`: OSC 9 and OSC 777 (the default); `bell`: BEL only; `off`: nothing */
  mode: NotifyMode;
  /** an action that ran at least this long (seconds) is notified when it ends */
  afterSeconds: number;
}

interface Settings {
  ssh: SshSettings;
  notify: NotifySettings;
}

/** What a profile's entry may hold, as read from the file (every field optional). */
export interface StoredSettings {
  ssh?: Partial<SshSettings>;
  notify?: Partial<NotifySettings>;
}

export const DEFAULT_SETTINGS: Settings = {
  ssh: { user: 'root', program: 'ssh', args: [], preferIpv6: false, tmuxWindow: false },
  notify: { mode: 'osc', afterSeconds: 10 },
};

const USER_RE = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/;
const MODES: readonly NotifyMode[] = ['osc', 'bell', 'off'];

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);

/** The known settings of a profile entry; anything of another shape is dropped, never an error at start. */
export function cleanSettings(raw: unknown): StoredSettings {
  const out: StoredSettings = {};
  if (!raw || typeof raw !== 'object') return out;
  const r = raw as Record<string, unknown>;
  if (r.ssh && typeof r.ssh === 'object') {
    const s = r.ssh as Record<string, unknown>;
    const ssh: Partial<SshSettings> = {};
    const user = str(s.user);
    if (user !== undefined && USER_RE.test(user)) ssh.user = user;
    const program = str(s.program);
    if (program !== undefined) ssh.program = program;
    if (Array.isArray(s.args) && s.args.every((a) => typeof a === 'string')) ssh.args = [...s.args];
    const v6 = bool(s.preferIpv6);
    if (v6 !== undefined) ssh.preferIpv6 = v6;
    const tmux = bool(s.tmuxWindow);
    if (tmux !== undefined) ssh.tmuxWindow = tmux;
    if (Object.keys(ssh).length > 0) out.ssh = ssh;
  }
  if (r.notify && typeof r.notify === 'object') {
    const n = r.notify as Record<string, unknown>;
    const notify: Partial<NotifySettings> = {};
    if (typeof n.mode === 'string' && (MODES as readonly string[]).includes(n.mode)) notify.mode = n.mode as NotifyMode;
    if (typeof n.afterSeconds === 'number' && Number.isFinite(n.afterSeconds) && n.afterSeconds >= 0) notify.afterSeconds = n.afterSeconds;
    if (Object.keys(notify).length > 0) out.notify = notify;
  }
  return out;
}

const yes = (v: string | undefined): boolean | undefined => {
  const t = v?.trim().toLowerCase();
  if (t === undefined || t === '') return undefined;
  if (['1', 'yes', 'true', 'on'].includes(t)) return true;
  if (['0', 'no', 'false', 'off'].includes(t)) return false;
  return undefined;
};

/**
 * The settings in force: the defaults, then the profile's, then the environment's: ECSDECK_SSH_USER,
 * ECSDECK_SSH_PROGRAM, ECSDECK_SSH_ARGS (split at spaces), ECSDECK_SSH_IPV6 and ECSDECK_SSH_TMUX_WINDOW
 * (yes/no), ECSDECK_NOTIFY (osc, bell, off) and ECSDECK_NOTIFY_AFTER (seconds).
 */
export function resolveSettings(stored: StoredSettings | undefined, env: Record<string, string | undefined>): Settings {
  const fromEnv = cleanSettings({
    ssh: {
      user: env.ECSDECK_SSH_USER,
      program: env.ECSDECK_SSH_PROGRAM,
      args: str(env.ECSDECK_SSH_ARGS)?.split(/\s+/),
      preferIpv6: yes(env.ECSDECK_SSH_IPV6),
      tmuxWindow: yes(env.ECSDECK_SSH_TMUX_WINDOW),
    },
    notify: {
      mode: str(env.ECSDECK_NOTIFY)?.toLowerCase(),
      afterSeconds: str(env.ECSDECK_NOTIFY_AFTER) === undefined ? undefined : Number(env.ECSDECK_NOTIFY_AFTER),
    },
  });
  return {
    ssh: { ...DEFAULT_SETTINGS.ssh, ...stored?.ssh, ...fromEnv.ssh },
    notify: { ...DEFAULT_SETTINGS.notify, ...stored?.notify, ...fromEnv.notify },
  };
}
