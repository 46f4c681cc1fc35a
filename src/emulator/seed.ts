// Fresh states: `empty` holds accounts only; `demo` also gives the demo account a lived-in estate.
import { makeUser } from './auth.js';
import type { Emu } from './emu.js';
import { RESOURCE_MODULES } from './modules.js';
import { emptyState } from './state.js';

export const DEMO_USER = 'demo';
export const DEMO_PASSWORD = 'demo';

export function seed(emu: Emu, kind: 'demo' | 'empty'): void {
  emu.state = emptyState(emu.state.secret);
  emu.state.seed = kind;
  for (const plan of emu.catalog.plans) {
    for (const region of plan.regions) emu.state.capacity[`${plan.name}@${region.location}`] = region.capacity;
  }
  emu.state.users[DEMO_USER] = makeUser({
    username: DEMO_USER,
    password: DEMO_PASSWORD,
    email: 'demo@example.com',
    reserved_available: true,
    offline_available: true,
  });
  if (kind === 'demo') {
    for (const m of RESOURCE_MODULES) m.seedDemo?.(emu, DEMO_USER);
  }
  emu.dirty = true;
}
