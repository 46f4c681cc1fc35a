import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, cleanSettings, resolveSettings } from '../../src/config/settings.js';
import { sshPlan, type SshTarget } from '../../src/ui/ssh.js';

const server: SshTarget = { name: 'ec206901', label: 'web-1 (ec206901)', status: 'Booted', ipv4: '185.98.43.153', ipv6: '2a00:6d40::1', image: 'ubuntu-2404', imageLabel: 'Ubuntu 24.04' };
const ssh = DEFAULT_SETTINGS.ssh;

describe('sshPlan', () => {
  it('root@<ipv4> by default, IPv6 when preferred or the only address, never StrictHostKeyChecking=no', () => {
    expect(sshPlan(server, ssh, {})).toEqual({ kind: 'run', program: 'ssh', args: ['root@185.98.43.153'], destination: 'root@185.98.43.153', tmux: false });
    expect(sshPlan(server, { ...ssh, preferIpv6: true }, {})).toMatchObject({ args: ['root@2a00:6d40::1'] });
    expect(sshPlan({ ...server, ipv4: null }, ssh, {})).toMatchObject({ args: ['root@2a00:6d40::1'] });
    expect(JSON.stringify(sshPlan(server, ssh, {}))).not.toContain('StrictHostKeyChecking');
  });

  it('refuses a server not Booted, powered off, or without an address, with why', () => {
    expect(sshPlan({ ...server, status: 'Booting' }, ssh, {})).toEqual({ kind: 'refuse', message: 'web-1 (ec206901) is not Booted (Booting): no shell until it runs' });
    expect(sshPlan({ ...server, status: 'Off' }, ssh, {})).toMatchObject({ kind: 'refuse', message: expect.stringContaining('powered off') });
    expect(sshPlan({ ...server, ipv4: null, ipv6: null }, ssh, {})).toMatchObject({ kind: 'refuse', message: expect.stringContaining('no IP address') });
  });

  it('offers a Windows server its RDP address instead', () => {
    expect(sshPlan({ ...server, image: 'windows-2022', imageLabel: 'Windows Server 2022' }, ssh, {})).toMatchObject({ kind: 'rdp', address: '185.98.43.153' });
  });

  it('a tmux window only inside tmux and with the setting', () => {
    expect(sshPlan(server, { ...ssh, tmuxWindow: true }, {})).toMatchObject({ tmux: false });
    expect(sshPlan(server, { ...ssh, tmuxWindow: true }, { TMUX: '/tmp/t,1,0' })).toMatchObject({ tmux: true });
  });
});

describe('settings', () => {
  it('keeps only known fields of the right type; the environment wins over the profile', () => {
    const stored = cleanSettings({ ssh: { user: 'admin', args: ['-J', 'bastion'], program: 7, evil: 'x' }, notify: { mode: 'loud', afterSeconds: 30 } });
    expect(stored).toEqual({ ssh: { user: 'admin', args: ['-J', 'bastion'] }, notify: { afterSeconds: 30 } });
    const s = resolveSettings(stored, { ECSDECK_SSH_USER: 'ops', ECSDECK_NOTIFY: 'bell' });
    expect(s.ssh).toEqual({ ...DEFAULT_SETTINGS.ssh, user: 'ops', args: ['-J', 'bastion'] });
    expect(s.notify).toEqual({ mode: 'bell', afterSeconds: 30 });
  });
});

describe('profile settings on disk', () => {
  it('a profile keeps its ssh and notify settings (only the known ones), and keeps them when its credential changes', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { openProfileStore } = await import('../../src/config/profiles.js');
    const { resolveConnection } = await import('../../src/config/connection.js');
    const { sessionForConnection } = await import('../../src/session/session.js');
    const dir = mkdtempSync(join(tmpdir(), 'ecsdeck-settings-'));
    try {
      const store = openProfileStore({ cwd: dir });
      const settings = { ssh: { user: 'admin', args: ['-i', '/k'], tmuxWindow: true }, notify: { mode: 'bell' as const, afterSeconds: 5 } };
      store.add({ name: 'work', endpoint: 'http://127.0.0.1:1', credential: null, settings });
      store.setCredential('work', { kind: 'token', token: 'tok-123' });
      expect(openProfileStore({ cwd: dir }).get('work')?.settings).toEqual(settings);
      // as a start reads them: the store opened once for the connection, its entry's settings carried by the session
      const reopened = openProfileStore({ cwd: dir });
      const conn = resolveConnection({ ECSDECK_PROFILE: 'work' }, reopened);
      if (conn.source === 'none') throw new Error('the profile was not found');
      // a credential from the environment used with the profile's address still runs under its settings
      expect(resolveConnection({ ECSDECK_PROFILE: 'work', ECSDECK_API_TOKEN: 'tok-env' }, reopened)).toMatchObject({ source: 'env', profileName: 'work', settings });
      const session = await sessionForConnection(conn);
      try {
        const s = resolveSettings(session.settings, { ECSDECK_NOTIFY_AFTER: '20' });
        expect(s.ssh).toMatchObject({ user: 'admin', args: ['-i', '/k'], tmuxWindow: true, program: 'ssh' });
        expect(s.notify).toEqual({ mode: 'bell', afterSeconds: 20 });
      } finally {
        await session.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
