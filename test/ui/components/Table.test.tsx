import { describe, expect, it, afterEach } from 'vitest';
import { useState } from 'react';
import { Box, Text } from 'ink';
import { cleanup } from 'ink-testing-library';
import {
  Table,
  computeWindow,
  filterRows,
  layoutColumns,
  sortRows,
  positionLabel,
  type Column,
  type SortSpec,
} from '../../../src/ui/components/Table.js';
import type { LiveCells } from '../../../src/ui/components/table-model.js';
import { statusRole } from '../../../src/ui/theme.js';
import { inputReady, keys, render, waitFor, waitForFrame } from '../helpers.js';

interface Server {
  id: string;
  name: string;
  status: string;
  cpu: number;
  created: Date | null;
}

const columns: Column<Server>[] = [
  { key: 'id', header: 'ID', width: 8, priority: 0 },
  { key: 'name', header: 'NAME', minWidth: 6, flex: 1, priority: 0 },
  { key: 'status', header: 'STATUS', width: 10, priority: 1, color: (s) => statusRole(s.status) },
  { key: 'cpu', header: 'CPU', width: 4, align: 'right', priority: 3 },
  { key: 'created', header: 'CREATED', width: 16, priority: 2 },
];

const server = (i: number, over: Partial<Server> = {}): Server => ({
  id: `s${String(i).padStart(4, '0')}`,
  name: `web-${i}`,
  status: i % 3 === 0 ? 'Booting' : 'Booted',
  cpu: (i * 7) % 13,
  created: new Date(Date.UTC(2026, 10, 1 + (i % 28), 9, 12)),
  ...over,
});

const many = (n: number): Server[] => Array.from({ length: n }, (_, i) => server(i + 1));

afterEach(() => cleanup());

const selectedLine = (frame: string): string => frame.split('\n').find((l) => l.startsWith('›')) ?? '';

describe('pure helpers', () => {
  it('filters case-insensitively over every rendered column', () => {
    const rows = many(30);
    expect(filterRows(rows, columns, 'WEB-2').map((r) => r.name)).toEqual(['web-2', ...Array.from({ length: 10 }, (_, i) => `web-2${i}`)]);
    expect(filterRows(rows, columns, 'booting')).toHaveLength(10);
    expect(filterRows(rows, columns, '2026-11-03').map((r) => r.name)).toEqual(['web-2', 'web-30']);
    expect(filterRows(rows, columns, '')).toBe(rows);
  });

  it('sorts numbers numerically, dates by time, text naturally, stably, empty last', () => {
    const rows = [
      server(1, { cpu: 10, name: 'web-10', created: new Date('2026-01-02T00:00:00Z') }),
      server(2, { cpu: 9, name: 'web-9', created: null }),
      server(3, { cpu: 10, name: 'web-1', created: new Date('2025-12-31T00:00:00Z') }),
    ];
    const col = (key: string) => columns.find((c) => c.key === key)!;
    expect(sortRows(rows, col('cpu')).map((r) => r.id)).toEqual(['s0002', 's0001', 's0003']);
    expect(sortRows(rows, col('cpu'), true).map((r) => r.id)).toEqual(['s0001', 's0003', 's0002']);
    expect(sortRows(rows, col('name')).map((r) => r.name)).toEqual(['web-1', 'web-9', 'web-10']);
    expect(sortRows(rows, col('created')).map((r) => r.id)).toEqual(['s0003', 's0001', 's0002']);
    expect(sortRows(rows, col('created'), true).map((r) => r.id)).toEqual(['s0001', 's0003', 's0002']);
  });

  it('keeps the window still while the selection is inside it', () => {
    expect(computeWindow(100, 0, 10, 0)).toEqual({ start: 0, end: 10 });
    expect(computeWindow(100, 9, 10, 0)).toEqual({ start: 0, end: 10 });
    expect(computeWindow(100, 10, 10, 0)).toEqual({ start: 1, end: 11 });
    expect(computeWindow(100, 50, 10, 45)).toEqual({ start: 45, end: 55 });
    expect(computeWindow(100, 44, 10, 45)).toEqual({ start: 44, end: 54 });
    expect(computeWindow(100, 99, 10, 0)).toEqual({ start: 90, end: 100 });
    expect(computeWindow(5, 2, 10, 3)).toEqual({ start: 0, end: 5 });
    expect(computeWindow(0, 0, 10, 0)).toEqual({ start: 0, end: 0 });
  });

  it('drops the least important columns first when narrow and fills the width', () => {
    const wide = layoutColumns(columns, 80);
    expect(wide.map((l) => l.column.key)).toEqual(['id', 'name', 'status', 'cpu', 'created']);
    expect(wide.reduce((s, l) => s + l.width, 0) + wide.length - 1).toBe(80);
    const narrow = layoutColumns(columns, 40);
    expect(narrow.map((l) => l.column.key)).toEqual(['id', 'name', 'status']);
    expect(layoutColumns(columns, 20).map((l) => l.column.key)).toEqual(['id', 'name']);
  });

  it('a flexible column with a maxWidth stops growing there: the room left goes to the end of the row, not between name and status', () => {
    const cols: Column<Server>[] = [
      { key: 'id', header: 'ID', width: 8, identity: true },
      { key: 'name', header: 'NAME', minWidth: 10, maxWidth: 30, flex: 1 },
      { key: 'status', header: 'STATUS', width: 10 },
      { key: 'created', header: 'CREATED', width: 16 },
    ];
    const laid = layoutColumns(cols, 200);
    expect(laid.map((l) => [l.column.key, l.width])).toEqual([
      ['id', 8],
      ['name', 30],
      ['status', 10],
      ['created', 200 - 8 - 30 - 10 - 3],
    ]);
    // a right-aligned last column is not pushed to the far edge: the row ends short instead
    const right = layoutColumns([...cols.slice(0, 3), { key: 'cpu', header: 'CPU', width: 5, align: 'right' }], 200);
    expect(right.map((l) => l.width)).toEqual([8, 30, 10, 5]);
    // below its maxWidth a flexible column still takes all the room there is
    expect(layoutColumns(cols, 60).map((l) => l.width)).toEqual([8, 60 - 8 - 10 - 16 - 3, 10, 16]);
    // what shares cannot split evenly goes a column at a time from the first, as it did before maxWidth bound
    const three = ['a', 'b', 'c'].map((key): Column<Server> => ({ key, header: key.toUpperCase(), minWidth: 10, flex: 1 }));
    expect(layoutColumns(three, 34).map((l) => l.width)).toEqual([11, 11, 10]);
  });

  it('a wide column of text comes with its content\'s width; one that must be cut keeps out the wide columns after it', () => {
    const cols: Column<Server>[] = [
      { key: 'id', header: 'ID', width: 8, identity: true },
      { key: 'status', header: 'STATUS', width: 10 },
      { key: 'notes', header: 'NOTES', minWidth: 10, flex: 1, wide: true },
      { key: 'name', header: 'NAME', width: 12, wide: true },
    ];
    const natural = new Map([['notes', 34]]);
    // room for the notes whole and the name: both
    expect(layoutColumns(cols, 8 + 10 + 34 + 12 + 3, natural).map((l) => [l.column.key, l.width])).toEqual([
      ['id', 8],
      ['status', 10],
      ['notes', 34],
      ['name', 12],
    ]);
    // four columns fewer: the notes whole, and no name (it would have cut them to 30)
    const short = layoutColumns(cols, 8 + 10 + 34 + 12 + 3 - 4, natural);
    expect(short.map((l) => l.column.key)).toEqual(['id', 'status', 'notes']);
    expect(short.find((l) => l.column.key === 'notes')!.width).toBeGreaterThanOrEqual(34);
    // less room than the notes need: they take all there is, still without the name
    const cut = layoutColumns(cols, 8 + 10 + 20 + 2, natural);
    expect(cut.map((l) => [l.column.key, l.width])).toEqual([
      ['id', 8],
      ['status', 10],
      ['notes', 20],
    ]);
  });

  it('with the widths measured, a flexible column grows to its text and no further: the room left is blank at the row\'s end', () => {
    const cols: Column<Server>[] = [
      { key: 'name', header: 'NAME', minWidth: 12, width: 24, flex: 2, identity: true },
      { key: 'status', header: 'STATUS', width: 10, align: 'right' },
    ];
    // the longest name is 28 columns: at 200 it gets 28, not 189
    expect(layoutColumns(cols, 200, new Map([['name', 28]])).map((l) => l.width)).toEqual([28, 10]);
    // narrower than the text, it takes what there is
    expect(layoutColumns(cols, 30, new Map([['name', 28]])).map((l) => l.width)).toEqual([19, 10]);
    // measured as empty (every cell filled in later, by live text): the room is shared out as before
    expect(layoutColumns(cols, 200, new Map([['name', 0]])).map((l) => l.width)).toEqual([189, 10]);
  });

  it('labels the position, with the total when a filter hides rows', () => {
    expect(positionLabel(11, 340)).toBe('12/340');
    expect(positionLabel(0, 3, 340)).toBe('1/3 of 340');
    expect(positionLabel(-1, 0)).toBe('0/0');
  });
});

describe('<Table>', () => {
  it('renders only the visible window of 10,000 rows and moves in constant time', async () => {
    const rows = many(10_000);
    const { lastFrame, stdin } = render(<Table rows={rows} columns={columns} rowKey={(r) => r.id} height={20} width={80} />);
    const first = await waitForFrame(lastFrame, (f) => f.includes('1/10000'));
    expect(first.split('\n')).toHaveLength(1 + 20 + 1);
    await inputReady(stdin);
    stdin.write('G');
    const last = await waitForFrame(lastFrame, (f) => f.includes('10000/10000'));
    expect(last.split('\n')).toHaveLength(22);
    expect(selectedLine(last)).toContain('web-10000');
    for (let i = 0; i < 20; i++) stdin.write('k');
    await waitForFrame(lastFrame, (f) => f.includes('9980/10000'));
  });

  it('does not filter or sort again when only the cursor moves', async () => {
    let calls = 0;
    const counted: Column<Server>[] = [...columns, { key: 'tag', header: 'TAG', width: 4, render: (r) => (calls++, r.id.slice(-2)) }];
    const rows = many(10_000);
    const sort = { column: 'name', descending: true };
    const { lastFrame, stdin } = render(
      <Table rows={rows} columns={counted} rowKey={(r) => r.id} height={20} width={90} sort={sort} filter="web" />,
    );
    await waitForFrame(lastFrame, (f) => f.includes('1/10000'));
    await inputReady(stdin);
    calls = 0;
    for (let i = 0; i < 5; i++) stdin.write('j');
    await waitForFrame(lastFrame, (f) => f.includes('6/10000'));
    // Only the visible rows are rendered again: a few hundred calls at most, not tens of thousands.
    expect(calls).toBeLessThanOrEqual(5 * 20 * 2);
  });

  it('tells the rows on screen again only when they are other rows', async () => {
    const told: string[][] = [];
    const live: LiveCells<Server> = { text: () => undefined, version: () => 0, onWindow: (rows) => told.push(rows.map((r) => r.name)) };
    const all = many(50);
    let change: (c: { filter?: string; rows?: Server[] }) => void = () => {};
    function Harness() {
      const [state, set] = useState({ step: 0, filter: '', rows: all });
      change = (c) => set((s) => ({ ...s, ...c, step: s.step + 1 }));
      return (
        <Box flexDirection="column">
          <Text>step {state.step}</Text>
          <Table rows={state.rows} columns={columns} rowKey={(r) => r.id} height={4} width={80} filter={state.filter} live={live} />
        </Box>
      );
    }
    const { lastFrame } = render(<Harness />);
    await waitFor(() => expect(told).toHaveLength(1));
    expect(told[0]).toEqual(['web-1', 'web-2', 'web-3', 'web-4']);
    // a filter every row matches, then the same rows in a new list: the same rows on screen, nothing told
    change({ filter: 'web' });
    await waitForFrame(lastFrame, (f) => f.includes('step 1'));
    change({ rows: [...all] });
    await waitForFrame(lastFrame, (f) => f.includes('step 2'));
    // a filter that keeps other rows is told, and only it (each render's effects run before the next render)
    change({ filter: 'web-2' });
    await waitForFrame(lastFrame, (f) => f.includes('step 3') && f.includes('1/11'));
    await waitFor(() => expect(told.length).toBeGreaterThanOrEqual(2));
    expect(told).toEqual([
      ['web-1', 'web-2', 'web-3', 'web-4'],
      ['web-2', 'web-20', 'web-21', 'web-22'],
    ]);
  });

  it('moves with j k arrows g G PgUp PgDn and several keys in one chunk', async () => {
    const { lastFrame, stdin } = render(<Table rows={many(100)} columns={columns} rowKey={(r) => r.id} height={10} width={80} />);
    await waitForFrame(lastFrame, (f) => f.includes('1/100'));
    await inputReady(stdin);
    stdin.write('j');
    await waitForFrame(lastFrame, (f) => f.includes('2/100'));
    stdin.write(keys.down + keys.down + keys.down);
    await waitForFrame(lastFrame, (f) => f.includes('5/100'));
    stdin.write(keys.up);
    await waitForFrame(lastFrame, (f) => f.includes('4/100'));
    stdin.write(keys.pageDown);
    await waitForFrame(lastFrame, (f) => f.includes('13/100'));
    stdin.write(keys.pageUp);
    await waitForFrame(lastFrame, (f) => f.includes('4/100'));
    stdin.write('G');
    await waitForFrame(lastFrame, (f) => f.includes('100/100') && selectedLine(f).includes('web-100'));
    stdin.write('g');
    await waitForFrame(lastFrame, (f) => f.includes('1/100') && selectedLine(f).includes('web-1 '));
    stdin.write('k');
    await waitForFrame(lastFrame, (f) => f.includes('1/100'));
    // Key repeat can deliver several characters in one string.
    stdin.write('jjj');
    await waitForFrame(lastFrame, (f) => f.includes('4/100'));
  });

  it('keeps the selection on the same item when the rows are re-sorted, refreshed or filtered', async () => {
    let setSort: (s: SortSpec) => void = () => {};
    let setFilter: (f: string) => void = () => {};
    let setRows: (r: Server[]) => void = () => {};
    function Harness() {
      const [sort, s1] = useState<SortSpec>({ column: 'name', descending: false });
      const [filter, s2] = useState('');
      const [rows, s3] = useState(many(50));
      setSort = s1;
      setFilter = s2;
      setRows = s3;
      return <Table rows={rows} columns={columns} rowKey={(r) => r.id} height={8} width={80} sort={sort} filter={filter} />;
    }
    const { lastFrame, stdin } = render(<Harness />);
    await waitForFrame(lastFrame, (f) => f.includes('1/50'));
    await inputReady(stdin);
    stdin.write('j');
    stdin.write('j');
    // Natural order: web-1, web-2, ...; after two moves the cursor is on web-3.
    await waitForFrame(lastFrame, (f) => f.includes('3/50'));
    expect(selectedLine(lastFrame()!)).toContain('web-3 ');

    setSort({ column: 'name', descending: true });
    // reversed: web-3 is now third from the end, and still the one selected
    const resorted = await waitForFrame(lastFrame, (f) => f.includes('48/50'));
    expect(selectedLine(resorted)).toContain('web-3 ');

    setRows([server(999, { name: 'web-999' }), ...many(50)]);
    const refreshed = await waitForFrame(lastFrame, (f) => f.includes('/51'));
    expect(selectedLine(refreshed)).toContain('web-3 ');

    setFilter('WEB-3');
    const filtered = await waitForFrame(lastFrame, (f) => f.includes(' of 51'));
    expect(selectedLine(filtered)).toContain('web-3 ');
    expect(filtered).toMatch(/\d+\/11 of 51/);
  });

  it('selects the nearest row when the selected item disappears', async () => {
    let setRows: (r: Server[]) => void = () => {};
    const selections: string[] = [];
    function Harness() {
      const [rows, s] = useState(many(10));
      setRows = s;
      return <Table rows={rows} columns={columns} rowKey={(r) => r.id} height={8} width={80} onSelect={(k) => selections.push(k)} />;
    }
    const { lastFrame, stdin } = render(<Harness />);
    await waitForFrame(lastFrame, (f) => f.includes('1/10'));
    await inputReady(stdin);
    stdin.write('j');
    stdin.write('j');
    stdin.write('j');
    await waitForFrame(lastFrame, (f) => f.includes('4/10'));
    setRows(many(10).filter((r) => r.name !== 'web-4'));
    const after = await waitForFrame(lastFrame, (f) => f.includes('/9'));
    expect(after).toContain('4/9');
    expect(selectedLine(after)).toContain('web-5 ');
    await waitFor(() => expect(selections.at(-1)).toBe('s0005'));
  });

  it('follows a controlled selectedKey and reports moves with onSelect', async () => {
    const opened: string[] = [];
    function Harness() {
      const [key, setKey] = useState<string | null>('s0007');
      return (
        <Table rows={many(20)} columns={columns} rowKey={(r) => r.id} height={5} width={80} selectedKey={key} onSelect={setKey} onOpen={(k) => opened.push(k)} />
      );
    }
    const { lastFrame, stdin } = render(<Harness />);
    const first = await waitForFrame(lastFrame, (f) => f.includes('7/20'));
    expect(selectedLine(first)).toContain('web-7 ');
    await inputReady(stdin);
    stdin.write(keys.down + keys.down);
    await waitForFrame(lastFrame, (f) => f.includes('9/20'));
    stdin.write(keys.enter);
    await waitFor(() => expect(opened).toEqual(['s0009']));
  });

  it('drops low-priority columns and truncates with … when narrow', async () => {
    const rows = [server(1, { name: 'a-really-long-server-name-that-cannot-fit' })];
    const { lastFrame } = render(<Table rows={rows} columns={columns} rowKey={(r) => r.id} height={3} width={40} />);
    const frame = await waitForFrame(lastFrame, (f) => f.includes('1/1'));
    expect(frame).toContain('STATUS');
    expect(frame).not.toContain('CREATED');
    expect(frame).not.toContain('CPU');
    expect(frame).toContain('…');
    for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(40);
  });

  it('says so when the filter matches nothing', async () => {
    const { lastFrame } = render(<Table rows={many(5)} columns={columns} rowKey={(r) => r.id} height={3} width={60} filter="zzz" />);
    await waitForFrame(lastFrame, (f) => f.includes('no rows match /zzz') && f.includes('0/0 of 5'));
  });

  it('wraps what it says in place of rows (why the list could not be loaded) instead of cutting it', async () => {
    const why = 'could not be loaded: cannot reach the service at http://127.0.0.1:9 (bad port)';
    const { lastFrame } = render(<Table rows={[]} columns={columns} rowKey={(r: Server) => r.id} height={3} width={40} emptyText={why} />);
    const frame = await waitForFrame(lastFrame, (f) => f.includes('0/0'));
    expect(frame).not.toContain('…');
    expect(frame.replace(/\s+/g, ' ')).toContain(why);
    for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(40);
  });

  it('ends what it says with … on its last row when it is longer than the rows (a service\'s long message)', async () => {
    const why = `could not be loaded: ${'the gateway answered with a page of its own words '.repeat(60)}`;
    const { lastFrame } = render(<Table rows={[]} columns={columns} rowKey={(r: Server) => r.id} height={3} width={40} emptyText={why} />);
    const frame = await waitForFrame(lastFrame, (f) => f.includes('0/0'));
    const said = frame.split('\n').filter((l) => /could not|gateway|answered|words|page/.test(l));
    expect(said).toHaveLength(3);
    expect(said[0]).toMatch(/^ could not be loaded: the gateway/);
    expect(said[2]).toMatch(/…$/);
  });

  it('ignores keys when inactive', async () => {
    const { lastFrame, stdin, rerender } = render(<Table rows={many(5)} columns={columns} rowKey={(r) => r.id} height={3} width={60} isActive={false} />);
    await waitForFrame(lastFrame, (f) => f.includes('1/5'));
    stdin.write('j');
    rerender(<Table rows={many(5)} columns={columns} rowKey={(r) => r.id} height={3} width={60} isActive={false} filter="" />);
    await waitForFrame(lastFrame, (f) => f.includes('1/5'));
    expect(lastFrame()).toContain('1/5');
  });
});
