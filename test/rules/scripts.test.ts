import { describe, expect, it } from 'vitest';
import {
  MSG,
  MSG_CHOSEN,
  checkLibraryScript,
  checkLibraryScriptUpdate,
  checkServerScript,
  usesRelativePath,
  type ServerScriptContext,
} from '../../src/rules/index.js';
import { expectRule } from './helpers.js';

describe('usesRelativePath', () => {
  it.each([
    'cd ../x',
    'bash ./install.sh',
    'cat ~/.bashrc',
    'cd ~',
    'cd ..',
    'ls ~root/x',
    '#!/bin/bash\necho hi\n./run',
    './run.sh',
    'cmd "./quoted"',
    "cmd './quoted'",
    'make --prefix=./build',
    'export PATH=$PATH:./bin',
    'echo $(cat ~/.x)',
    'a && ../b',
    'x|./y',
    '& .\\setup.ps1',
    'cd ..\\dir',
  ])('flags %j', (content) => {
    expect(usesRelativePath(content)).toBe(true);
  });

  it.each([
    '',
    '#!/bin/bash\napt-get update\n/usr/bin/env true',
    'curl -fsSL https://a/./b | sh',
    'wget http://host/~user/file',
    '. /etc/profile',
    'cd $HOME && ls ${HOME}/x',
    'git checkout HEAD~1',
    'cp /a/../b /c',
    'ls .config/app',
    'echo ok # see ./README',
    '# cd ../x',
    'echo a...b',
    "sed -i 's~a~b~' /etc/f",
    'C:\\Windows\\..\\Temp',
  ])('passes %j', (content) => {
    expect(usesRelativePath(content)).toBe(false);
  });
});

describe('checkLibraryScript', () => {
  it('returns the script', () => {
    expect(checkLibraryScript({ title: 't', content: 'echo hi', windows: true })).toEqual({ title: 't', content: 'echo hi', windows: true });
    expect(checkLibraryScript({ title: 't', content: 'echo hi' }).windows).toBe(false);
  });

  it.each<[Record<string, unknown>, string]>([
    [{ content: './x' }, MSG.scriptTitleNull],
    [{ title: '', content: 'x' }, MSG.scriptTitleNull],
    [{ title: '   ', content: 'x' }, MSG.scriptTitleNull],
    [{ title: null, content: 'x' }, MSG.scriptTitleNull],
    [{ title: 5, content: 'x' }, MSG.scriptTitleNull],
    [{ title: 't' }, MSG.scriptContentNull],
    [{ title: 't', content: '' }, MSG.scriptContentNull],
    [{ title: 't', content: '\n' }, MSG.scriptContentNull],
    [{ title: 't', content: 'cat ~/.bashrc' }, MSG.scriptRelativePath],
  ])('refuses %j', (input, message) => {
    expectRule(() => checkLibraryScript(input), message);
  });

  it('uses the script-library text, not the server-creation one', () => {
    expectRule(() => checkLibraryScript({ title: 't', content: 'cd ../x' }), 'Cant use relative path i user scripts');
  });
});

describe('checkLibraryScriptUpdate', () => {
  it('checks only what is sent', () => {
    expect(checkLibraryScriptUpdate({})).toEqual({});
    expect(checkLibraryScriptUpdate({ windows: false })).toEqual({ windows: false });
    expect(checkLibraryScriptUpdate({ title: 'new' })).toEqual({ title: 'new' });
    expect(checkLibraryScriptUpdate({ content: '/bin/true' })).toEqual({ content: '/bin/true' });
  });

  it('a field sent as null is not given (4.9: each field optional; the Python SDK ecsapi sends null for unset ones)', () => {
    expect(checkLibraryScriptUpdate({ title: null, content: null, windows: null })).toEqual({});
    expect(checkLibraryScriptUpdate({ title: 'new', content: null })).toEqual({ title: 'new' });
  });

  it.each<[Record<string, unknown>, string]>([
    [{ title: '' }, MSG.scriptTitleNull],
    [{ title: '   ', content: null }, MSG.scriptTitleNull],
    [{ content: '' }, MSG.scriptContentNull],
    [{ content: './x' }, MSG.scriptRelativePath],
    [{ title: '', content: '' }, MSG.scriptTitleNull],
  ])('refuses %j', (input, message) => {
    expectRule(() => checkLibraryScriptUpdate(input), message);
  });
});

describe('checkServerScript', () => {
  const scripts: Record<number, { windows: boolean }> = { 1: { windows: false }, 2: { windows: true } };
  const linux: ServerScriptContext = { windowsServer: false, findScript: (id) => scripts[id] };
  const windows: ServerScriptContext = { ...linux, windowsServer: true };

  it('classifies the script', () => {
    expect(checkServerScript({}, linux)).toEqual({ kind: 'none' });
    expect(checkServerScript({ user_customize: '' }, linux)).toEqual({ kind: 'none' });
    expect(checkServerScript({ user_customize: 'apt-get -y upgrade' }, linux)).toEqual({ kind: 'temporary', content: 'apt-get -y upgrade' });
    expect(checkServerScript({ user_customize: 1 }, linux)).toEqual({ kind: 'library', id: 1, env: [] });
    expect(checkServerScript({ user_customize: 2 }, windows)).toEqual({ kind: 'library', id: 2, env: [] });
    expect(checkServerScript({ user_customize: 1, user_customize_env: 'A=1\\nB=2' }, linux)).toEqual({
      kind: 'library',
      id: 1,
      env: [
        { name: 'A', value: '1' },
        { name: 'B', value: '2' },
      ],
    });
  });

  it.each<[Record<string, unknown>, ServerScriptContext, string, number]>([
    [{ user_customize: 'bash ./x.sh' }, linux, MSG.serverScriptRelativePath, 400],
    [{ user_customize: 2 }, linux, MSG.powershellOnLinux, 400],
    [{ user_customize: 1, user_customize_env: 'not a line' }, linux, MSG.invalidEnv, 400],
    [{ user_customize: 1, user_customize_env: 7 }, linux, MSG.invalidEnv, 400],
    [{ user_customize: 'echo', user_customize_env: 'A=1' }, linux, MSG_CHOSEN.envNeedsLibraryScript, 400],
    [{ user_customize_env: 'A=1' }, linux, MSG_CHOSEN.envNeedsLibraryScript, 400],
    [{ user_customize: 99 }, linux, MSG_CHOSEN.scriptNotFound, 404],
    [{ user_customize: 1.5 }, linux, MSG_CHOSEN.userCustomizeType, 400],
    [{ user_customize: true }, linux, MSG_CHOSEN.userCustomizeType, 400],
  ])('refuses %j', (body, ctx, message, status) => {
    expectRule(() => checkServerScript(body, ctx), message, status);
  });

  it('uses the server-creation text for relative paths', () => {
    expectRule(() => checkServerScript({ user_customize: 'cat ~/.bashrc' }, linux), 'Cannot use relative path in user script');
  });
});
