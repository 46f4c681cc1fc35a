// STUB: to be written.
import type { Hono } from 'hono';
import type { Emu } from './emu.js';
import type { AppEnv } from './http.js';

export function register(_app: Hono<AppEnv>, _emu: Emu): void {}

export function seedDemo(_emu: Emu, _user: string): void {}
