// The `x` key of the servers list and of a server's detail: a shell on the server (ui/ssh.ts). Not a write:
// it stays in --read-only. A server it cannot reach is refused before anything runs, with why.
import { resolveSettings } from '../config/settings.js';
import type { Server } from '../api/index.js';
import { char } from './keymap.js';
import type { Ctx, KeySpec } from './resource/spec.js';
import { runSsh, sshPlan, type SshPlan } from './ssh.js';

type Row = Server & { power?: string };

/** The plan for a row, under the settings of the session's profile (read with its entry at start) and the environment. */
function planFor(s: Row, ctx: Pick<Ctx, 'session'>, label: (s: Row) => string, status: (s: Row) => string): SshPlan {
  const settings = resolveSettings(ctx.session.settings, process.env).ssh;
  return sshPlan({ name: s.name, label: label(s), status: status(s), ipv4: s.ipv4, ipv6: s.ipv6, image: s.image, imageLabel: s.imageLabel }, settings, process.env);
}

/** `x` on servers shown with `label` and `status` (the list's words: `Booted`, `Off`, ...). */
export function sshKey<T extends Row>(label: (s: T) => string, status: (s: T, ctx: Pick<Ctx, 'session'>) => string): KeySpec<T> {
  const plan = (s: T, ctx: Pick<Ctx, 'session'>) => planFor(s, ctx, label as (s: Row) => string, (r) => status(r as T, ctx));
  return {
    id: 'servers.ssh',
    keys: ['x'],
    match: char('x'),
    description: 'a shell on the selected server: ssh root@<ipv4> (user, program, arguments, tmux window: profile settings)',
    hint: 'ssh',
    rank: 22,
    refuse: (s, ctx) => {
      const p = plan(s, ctx);
      return p.kind === 'refuse' ? p.message : null;
    },
    run: (s, ctx) => {
      const p = plan(s, ctx);
      if (p.kind === 'refuse') return ctx.nav.report('error', p.message);
      if (p.kind === 'rdp') {
        ctx.copy(p.address);
        return ctx.nav.report('info', p.message);
      }
      const out = runSsh(p, ctx.terminal);
      ctx.nav.report(out.kind, out.message);
    },
  };
}
