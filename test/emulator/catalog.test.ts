import { describe, expect, it } from 'vitest';
import { findImage, findPlan, findPlanById, findRegion, isWindowsImage, loadCatalog } from '../../src/emulator/catalog.js';
import { reservedFormula } from '../../src/rules/index.js';

// name, id, cpu, ram, disk, gpu, gpu_label, hourly, monthly, windows, host_type, regions (observed-service.md)
const PLANS: Array<[string, number, string, string, string, string, string | null, number, number, boolean, string, string[]]> = [
  ['eCS1', 1, '1', '1024', '20', '0', null, 0.019, 14, false, 'ECS', ['it-mi2', 'it-fr2', 'ch-lug1', 'bg-sof1']],
  ['eCS2', 7, '2', '2048', '40', '0', null, 0.032, 23, false, 'ECS', ['it-mi2', 'it-fr2', 'ch-lug1']],
  ['eCS2W', 12, '2', '2048', '40', '0', null, 0.048, 35, true, 'ECS', ['it-mi2', 'it-fr2', 'ch-lug1']],
  ['eCS3', 8, '4', '4096', '80', '0', null, 0.048, 35, false, 'ECS', ['it-mi2', 'it-fr2', 'ch-lug1']],
  ['eCS4', 9, '4', '8192', '160', '0', null, 0.063, 45, false, 'ECS', ['it-mi2', 'it-fr2', 'ch-lug1']],
  ['eCS5', 10, '8', '16384', '320', '0', null, 0.127, 91, false, 'ECS', ['it-mi2', 'it-fr2', 'ch-lug1']],
  ['eCS6', 11, '12', '24576', '400', '0', null, 0.152, 109, false, 'ECS', ['it-mi2', 'it-fr2', 'ch-lug1']],
  ['eCS1HM', 17, '4', '65536', '200', '0', null, 0.217, 156, false, 'ECSHM', ['it-fr2']],
  ['eCS2HM', 18, '8', '131072', '400', '0', null, 0.434, 312, false, 'ECSHM', ['it-fr2']],
  ['ECS1GPU', 21, '8', '32768', '500', '1', 'RTX 6000', 0.29, 209, false, 'ECSGPU', ['it-fr2']],
  ['ECS1GPU2', 23, '8', '32768', '500', '1', 'RTX A6000', 0.74, 533, false, 'ECSGPU2', ['it-fr2']],
  ['ECS1GPU3', 34, '16', '122880', '1000', '1', 'A100 80GB', 1.89, 1361, false, 'ECSGPU3', ['it-fr2']],
  ['ECS1GPU6', 41, '4', '32768', '100', '1', 'L4', 0.38, 274, false, 'ECSGPU6', ['it-fr2']],
  ['ECS1GPU7', 45, '8', '32768', '500', '1', 'L40s', 0.85, 612, false, 'ECSGPU7', ['it-fr2']],
  ['ECS1GPU8', 49, '64', '1048576', '6000', '4', 'H100 80 GB', 8.4, 6048, false, 'ECSGPU8', ['it-fr2']],
];

describe('catalog', () => {
  const catalog = loadCatalog();

  it('loads all 15 plans exactly as observed, sizes as strings', () => {
    expect(catalog.plans).toHaveLength(15);
    for (const [name, id, cpu, ram, disk, gpu, gpu_label, hourly, monthly, windows, host_type, regions] of PLANS) {
      const p = findPlan(catalog, name)!;
      expect(p, name).toBeDefined();
      expect(p).toMatchObject({ id, name, cpu, ram, disk, gpu, gpu_label, hourly_price: hourly, montly_price: monthly, windows, host_type, available: true });
      expect(p.regions.map((r) => r.location)).toEqual(regions);
      for (const r of p.regions) expect(r.capacity).toBeGreaterThan(0);
      for (const k of ['cpu', 'ram', 'disk', 'gpu'] as const) expect(typeof p[k]).toBe('string');
    }
  });

  it('finds plans case-insensitively', () => {
    expect(findPlan(catalog, 'ECS1')?.name).toBe('eCS1');
    expect(findPlan(catalog, 'ecs2hm')?.name).toBe('eCS2HM');
    expect(findPlan(catalog, 'ecs1gpu8')?.host_type).toBe('ECSGPU8');
    expect(findPlan(catalog, 'eCS9')).toBeUndefined();
    expect(findPlanById(catalog, 49)?.name).toBe('ECS1GPU8');
  });

  it('has the four regions and every plan region exists', () => {
    expect(catalog.regions.map((r) => [r.id, r.location])).toEqual([
      [2, 'it-mi2'],
      [3, 'it-fr2'],
      [6, 'ch-lug1'],
      [7, 'bg-sof1'],
    ]);
    expect(findRegion(catalog, 'IT-FR2')?.id).toBe(3);
    expect(findRegion(catalog, 6)?.location).toBe('ch-lug1');
    expect(findRegion(catalog, 'hr-zag1')).toBeUndefined();
    for (const p of catalog.plans) for (const r of p.regions) expect(findRegion(catalog, r.location), r.location).toBeDefined();
  });

  it('has the public images and some cloud images', () => {
    const names = ['ubuntu-2404', 'ubuntu-2204', 'ubuntu-2004', 'debian-12', 'debian-11', 'almalinux-9', 'almalinux-8', 'windows-2022', 'windows-2019'];
    expect(catalog.images.map((i) => i.name)).toEqual(names);
    for (const i of catalog.images) {
      expect(i).toMatchObject({ public: true, cloud_image: false, status: 'CD', required_disk: 20 });
      expect(i.api_version).toBe(`v${i.api_version_value}`);
    }
    expect(findImage(catalog, 'Ubuntu-2404')?.description).toBe('Ubuntu Linux 24.04 LTS');
    expect(isWindowsImage(findImage(catalog, 'windows-2022')!)).toBe(true);
    expect(catalog.cloud_images.length).toBeGreaterThan(0);
    for (const i of catalog.cloud_images) expect(i.cloud_image).toBe(true);
    const ids = [...catalog.images, ...catalog.cloud_images].map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has spot discounts as fractions or null', () => {
    for (const p of catalog.plans) {
      if (p.spot_discount === null) continue;
      expect(p.spot_discount).toBeGreaterThan(0);
      expect(p.spot_discount).toBeLessThan(1);
    }
    expect(findPlan(catalog, 'eCS1')?.spot_discount).not.toBeNull();
    expect(findPlan(catalog, 'ECS1GPU8')?.spot_discount).toBeNull();
  });

  it('has support plans and reserved plans for every non-GPU plan', () => {
    expect(catalog.support_plans.map((s) => [s.support_code, s.weigth])).toEqual([
      ['basic', 1],
      ['global', 2],
    ]);
    const nonGpu = catalog.plans.filter((p) => p.gpu === '0');
    expect(catalog.reserved_plans).toHaveLength(nonGpu.length * 3);
    const ids = catalog.reserved_plans.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of catalog.reserved_plans) {
      const plan = findPlanById(catalog, r.plan)!;
      expect(plan.gpu).toBe('0');
      expect([3, 6, 12]).toContain(r.months);
      expect(r.name).toBe(reservedFormula(r.months, plan.name));
    }
  });

  it('hands out independent copies', () => {
    const a = loadCatalog();
    a.plans[0].regions[0].capacity = 0;
    expect(loadCatalog().plans[0].regions[0].capacity).toBeGreaterThan(0);
  });
});
