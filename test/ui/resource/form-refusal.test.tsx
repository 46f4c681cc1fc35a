// A form the service refuses: the refusal shows in the form, which is kept, its fields and what was typed in
// sight. The service decides how long its message is: a long one is wrapped to at most a third of the form's
// rows and ends in … there, rather than pushing every field out of the form.
import { afterEach, expect, test } from 'vitest';
import { ApiError } from '../../../src/api/index.js';
import { KeyProvider } from '../../../src/ui/keys.js';
import { FormDialog } from '../../../src/ui/resource/FormDialog.js';
import type { Ctx, FormSpec } from '../../../src/ui/resource/spec.js';
import { renderAt } from '../ink-render.js';
import { keys, waitForFrame } from '../helpers.js';

const mounted: { unmount(): void; cleanup(): void }[] = [];
afterEach(() => {
  for (const m of mounted.splice(0)) {
    m.unmount();
    m.cleanup();
  }
});

function open(message: string) {
  const form: FormSpec<string> = {
    title: 'Edit web-1 (ec206901)',
    fields: [
      { id: 'notes', label: 'Notes', initial: 'web-1' },
      { id: 'group', label: 'Group', initial: 'frontend' },
    ],
    submit: async () => {
      throw new ApiError({ status: 409, message, method: 'PUT', path: '/ecs/v2/servers/ec206901' });
    },
  };
  const r = renderAt(
    <KeyProvider>
      <FormDialog form={form} ctx={{} as Ctx} width={78} height={18} onDone={() => undefined} onCancel={() => undefined} />
    </KeyProvider>,
    80,
  );
  mounted.push(r);
  return r;
}

test('a refusal of a few words is shown whole, the fields kept', async () => {
  const r = open('the server is being powered off');
  await waitForFrame(r.lastFrame, (f) => f.includes('Notes'));
  r.stdin.write(keys.enter);
  r.stdin.write(keys.enter);
  const f = await waitForFrame(r.lastFrame, (x) => x.includes('✗ the server is being powered off'));
  expect(f).toContain('web-1');
  expect(f).toContain('frontend');
});

test('a refusal of thousands of words ends in … within a third of the rows, the fields kept in sight', async () => {
  const r = open(`the service refused: ${'every word of this reason is one more line on the screen '.repeat(100)}`);
  await waitForFrame(r.lastFrame, (f) => f.includes('Notes'));
  r.stdin.write(keys.enter);
  r.stdin.write(keys.enter);
  const f = await waitForFrame(r.lastFrame, (x) => x.includes('✗ the service refused'));
  const lines = f.split('\n');
  const said = lines.filter((l) => /✗|every word|reason is|on the screen/.test(l));
  expect(said.length).toBeLessThanOrEqual(6);
  expect(said.at(-1)).toMatch(/…/);
  expect(f).toContain('Notes');
  expect(f).toContain('Group');
  expect(f).toContain('frontend');
});
