// Fresh states: `empty` holds accounts only; `demo` also gives the demo account a lived-in estate.
import { makeUser } from './auth.js';
import type { Emu } from './emu.js';
import { seedDemo } from './demo/index.js';
import { emptyState } from './state.js';

export const DEMO_USER = 'demo';
export const DEMO_PASSWORD = 'demo';
/**
 * The demo account's password hash, worked out once (`scryptHex(DEMO_PASSWORD, DEMO_SALT)`, checked by a
 * test): every demo start would otherwise spend a scrypt on a password everybody knows.
 */
export const DEMO_SALT = 'ecsdeck-demo-account-salt-01';
export const DEMO_PASSWORD_HASH = '3f5ffd30ca80e3827f63c275a8cd592e241ed47b33f703857c3538369b60bb8c';

export function seed(emu: Emu, kind: 'demo' | 'empty'): void {
  emu.state = emptyState(emu.state.secret);
  emu.state.seed = kind;
  for (const plan of emu.catalog.plans) {
    for (const region of plan.regions) emu.state.capacity[`${plan.name}@${region.location}`] = region.capacity;
  }
  emu.state.users[DEMO_USER] = makeUser(
    {
      username: DEMO_USER,
      password: DEMO_PASSWORD,
      email: 'demo@example.com',
      reserved_available: true,
      offline_available: true,
    },
    { salt: DEMO_SALT, passwordHash: DEMO_PASSWORD_HASH },
  );
  if (kind === 'demo') {
    seedDemo(emu, DEMO_USER);
  }
  emu.dirty = true;
}
