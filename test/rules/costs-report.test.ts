// The cost model's month against the emulator's own usage report (its billing code is its own: two
// computations that must agree): for servers that ran the whole month, on or off, under every discount, the
// prediction and the bill agree to the cent.
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/index.js';
import { monthHours, serverRate, wholeMonth } from '../../src/rules/costs.js';
import { money } from '../../src/ui/format.js';
import { BASE, makeEmu, type TestEmu } from '../emulator/helpers.js';

const MAR_31_NOON = Date.UTC(2026, 2, 31, 12);
const MAY_1 = Date.UTC(2026, 4, 1);
const H = 3600;

async function create(t: TestEmu, token: string, body: Record<string, unknown>): Promise<string> {
  const r = await t.req('POST', '/ecs/v2/servers', { plan: 'eCS1', location: 'it-fr2', image: 'ubuntu-2404', notes: 'cost', ...body }, { token });
  if (r.status !== 200) throw new Error(`server create failed: ${r.status} ${r.text}`);
  return r.body.server.name as string;
}

describe('cost model against the usage report', () => {
  it('predicts April to the cent for servers that ran all of April: plain, spot, reserved, HM, GPU, powered off', async () => {
    const t = await makeEmu({ start: MAR_31_NOON });
    const fields = { reserved_available: true, offline_available: true, ecs_special_discount: 10, ecshm_special_discount: -5, ecsgpu_special_discount: -20 };
    let token = await t.newUser('payer', fields);
    const plain = await create(t, token, {});
    const spot = await create(t, token, { spot: true });
    const reserved = await create(t, token, { reserved_plan: 'M12PECS1' });
    const hm = await create(t, token, { plan: 'eCS1HM' });
    const gpu = await create(t, token, { plan: 'ECS1GPU' });
    const off = await create(t, token, {});
    const offReserved = await create(t, token, { reserved_plan: 'M12PECS1' });
    const offSpot = await create(t, token, { spot: true });
    await t.advance(2 * H);
    token = await t.login('payer', 'payer-pw');
    for (const name of [off, offReserved, offSpot]) {
      const r = await t.req('POST', `/ecs/v2/servers/${name}/actions`, { type: 'power_off' }, { token });
      expect(r.status).toBe(200);
    }
    await t.advance((MAY_1 - t.emulator.emu.now()) / 1000 + 3 * H);

    const client = createClient({ endpoint: BASE, fetch: t.emulator.fetch, retry: { baseDelayMs: 1, maxDelayMs: 5 } });
    await client.login('payer', 'payer-pw');
    const [account, plans, servers, bill] = await Promise.all([client.account.get(), client.catalog.plans(), client.servers.list(), client.billing.servers(2026, 4)]);
    const offNames = new Set([off, offReserved, offSpot]);
    const at = Date.UTC(2026, 3, 15);
    expect(monthHours(2026, 4)).toBe(720);
    const names = [plain, spot, reserved, hm, gpu, off, offReserved, offSpot];
    for (const name of names) {
      const s = servers.find((x) => x.name === name)!;
      const billed = bill.find((b) => b.name === name)!;
      expect(billed.billedHours).toBe(720);
      const rate = serverRate(s, plans, account, { at, off: offNames.has(name) })!;
      expect({ name, cost: money(wholeMonth(rate, 2026, 4)) }).toEqual({ name, cost: money(billed.cost) });
    }
    // the cases are not all the same figure: each discount moved the bill
    expect(new Set(names.map((n) => money(bill.find((b) => b.name === n)!.cost))).size).toBeGreaterThanOrEqual(6);
  });
});
