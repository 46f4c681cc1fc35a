// What every write of a resource screen goes through, once: a key opens a dialog (form, confirmation, a
// value shown once, a screen's own), the dialog's call runs, the actions it started go to the tracker at
// once (their bars appear before the next poll), the service's answer is reported (to the letter when it
// refuses), and the list is loaded again. Read-only mode refuses every write here as well as in the keymap.

import { useMemo, useRef, useState, type ReactNode } from 'react';
import type { Action } from '../../api/index.js';
import { forgetSecret } from '../../api/secrets.js';
import { toTracked } from '../../session/session.js';
import { useDialogSlot, type Nav } from '../hooks/screen.js';
import { errorText } from '../hooks/useResource.js';
import { rememberRecords } from '../hooks/useActionNames.js';
import type { BindingId, Scope } from '../keymap.js';
import { useTerminalHandoff } from '../terminal-handoff.js';
import { nounOf } from './bindings.js';
import { DialogView, dialogRows } from './dialogs.js';
import { openingFormRows } from './FormDialog.js';
import type { ConfirmSpec, Ctx, Dialog, KeyContext, Outcome, ResourceSpec } from './spec.js';

function dialogScopes(d: Dialog<unknown>): Scope[] {
  switch (d.kind) {
    case 'form':
      return ['form'];
    case 'confirm':
      return d.confirm.kind === 'yesno' ? ['confirm'] : ['dialog'];
    case 'reveal':
      return ['reveal'];
    case 'custom':
      return d.custom.scopes ?? ['dialog'];
  }
}

interface ResourceActionsOptions<T> {
  spec: Pick<ResourceSpec<T>, 'singular' | 'rowKey' | 'label' | 'copyId' | 'create' | 'edit' | 'remove' | 'keys'>;
  ctx: Ctx;
  nav: Nav;
  onDialog(scopes: Scope[] | null): void;
  refresh(): void;
  /** a row to select once the list is back */
  select?(key: string): void;
}

interface ResourceActions<T> {
  dialog: Dialog<T> | null;
  /** the rows the open dialog wants; 'full' for the whole screen */
  rows(width: number): number | 'full';
  /**
   * The rows the open dialog takes now when `given` rows: all of them, but a form only what it shows (its
   * choice list opens and closes as its fields are visited), so that what is under it fills the rest.
   */
  shownRows(width: number, given: number): number;
  /** a key of the screen (create, edit, delete, copy, its own); true when it was one */
  handle(id: BindingId, row: T | undefined): boolean;
  open(dialog: Dialog<T>): void;
  run(what: string, call: () => Promise<Outcome<T> | void>): void;
  render(width: number, height: number): ReactNode;
  keyContext: KeyContext<T>;
}

/**
 * The keys of a screen that would do nothing but say why on `row` now (no row selected; a refusal that holds:
 * `p` on a server known to be running, `P` on one known off, `d` on a reserved server): the footer leaves
 * them out. The same `refuse` that answers the key decides, so the hint follows whatever the screen knows.
 */
export function idleKeys<T>(spec: Pick<ResourceSpec<T>, 'edit' | 'remove' | 'keys'>, ctx: Ctx, row: T | undefined, canOpen: boolean): BindingId[] {
  const idle: BindingId[] = [];
  if (row === undefined) {
    idle.push('copy', 'open');
    if (spec.edit) idle.push('edit');
    if (spec.remove) idle.push('delete');
    for (const k of spec.keys ?? []) if (!k.noRow) idle.push(k.id);
    return idle;
  }
  if (!canOpen) idle.push('open');
  if (spec.remove?.refuse?.(row, ctx)) idle.push('delete');
  for (const k of spec.keys ?? []) if (k.refuse?.(row, ctx)) idle.push(k.id);
  return idle;
}

const isAction = (a: Action | null | undefined): a is Action => a !== null && a !== undefined;

export function useResourceActions<T>(o: ResourceActionsOptions<T>): ResourceActions<T> {
  const slot = useDialogSlot<Dialog<T>>(o.onDialog, (d) => dialogScopes(d as Dialog<unknown>));
  const handoff = useTerminalHandoff();
  const latest = useRef(o);
  latest.current = o;
  const opened = useRef(0);
  // the rows the open form takes now, as it says (a choice's list opened, an error shown), for the list under it
  const [formNow, setFormNow] = useState<{ dialog: Dialog<T>; rows: number } | null>(null);

  const api = useMemo(() => {
    const report = (kind: 'info' | 'error', text: string, actions?: readonly number[]) => latest.current.nav.report(kind, text, 'action', actions);

    /** What a successful call gives back: actions followed, the message, the list again. */
    const settle = (outcome: Outcome<T> | void, fallback: string) => {
      const { ctx } = latest.current;
      const out = outcome ?? {};
      if (out.records) rememberRecords(ctx.session.cache, out.records);
      const followed = [...(out.actions ?? []).filter(isAction).map(toTracked), ...(out.track ?? [])];
      for (const a of followed) ctx.session.tracker.track(a);
      const message = out.message ?? fallback;
      // a line that says work goes on (`Powering off web-2…`) is replaced when that work ends
      report('info', message, message.endsWith('…') ? followed.map((a) => a.id) : undefined);
      if (out.refresh !== false) latest.current.refresh();
      if (out.select) latest.current.select?.(out.select);
      if (out.then) open(out.then);
    };

    const run = (what: string, call: () => Promise<Outcome<T> | void>) => {
      if (latest.current.ctx.readOnly) return report('info', 'read-only: nothing is changed on the service');
      report('info', `${what}…`);
      call().then(
        (outcome) => settle(outcome, `${what}: done.`),
        (err: unknown) => report('error', errorText(err)),
      );
    };

    // Each dialog opened is a new one: a confirmation that follows another in the same commit (`then`
    // after a yes) must not inherit the answered state of the one before.
    const open = (d: Dialog<T>) => {
      opened.current += 1;
      slot.open(d);
    };

    const keyContext: KeyContext<T> = {
      get session() {
        return latest.current.ctx.session;
      },
      get client() {
        return latest.current.ctx.client;
      },
      get params() {
        return latest.current.ctx.params;
      },
      get readOnly() {
        return latest.current.ctx.readOnly;
      },
      get nav() {
        return latest.current.nav;
      },
      open,
      run,
      refresh: () => latest.current.refresh(),
      terminal: handoff.terminal,
      copy: handoff.copy,
    };

    const handle = (id: BindingId, row: T | undefined): boolean => {
      const { spec, ctx } = latest.current;
      const missing = (): boolean => {
        if (row !== undefined) return false;
        report('info', `no ${nounOf(spec.singular)} selected`);
        return true;
      };
      if (id === 'copy') {
        if (missing() || row === undefined) return true;
        const text = spec.copyId ? spec.copyId(row) : spec.rowKey(row);
        handoff.copy(text);
        report('info', `Copied ${text} to the clipboard.`);
        return true;
      }
      if (id === 'create' && spec.create) {
        if (ctx.readOnly) return true;
        const d = typeof spec.create === 'function' ? spec.create(keyContext, row) : { kind: 'form' as const, form: spec.create };
        if (d) open(d);
        return true;
      }
      if (id === 'edit' && spec.edit) {
        if (ctx.readOnly || missing() || row === undefined) return true;
        const d = typeof spec.edit === 'function' ? spec.edit(row, keyContext) : { kind: 'form' as const, form: spec.edit, row };
        if (typeof d === 'string') report('error', d);
        else if (d) open(d);
        return true;
      }
      if (id === 'delete' && spec.remove) {
        if (ctx.readOnly || missing() || row === undefined) return true;
        const refusal = spec.remove.refuse?.(row, ctx) ?? null;
        if (refusal) {
          report('error', refusal);
          return true;
        }
        open({ kind: 'confirm', confirm: spec.remove, row });
        return true;
      }
      const key = spec.keys?.find((k) => k.id === id);
      if (!key) return false;
      if (key.write && ctx.readOnly) return true;
      if (!key.noRow && missing()) return true;
      const refusal = row !== undefined ? (key.refuse?.(row, ctx) ?? null) : null;
      if (refusal) {
        report('error', refusal);
        return true;
      }
      key.run(row as T, keyContext);
      return true;
    };

    const confirm = (c: ConfirmSpec<T>, row: T) => {
      slot.close();
      const { ctx, spec } = latest.current;
      run(c.what?.(row) ?? `${c.verb ? c.verb.charAt(0).toUpperCase() + c.verb.slice(1) : 'Deleting'} ${nounOf(spec.singular)} ${spec.label(row)}`, () => c.run(row, ctx));
    };

    return { run, open, handle, keyContext, confirm, settle };
    // one api per mount: it reads everything else through `latest`
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one api per mount: slot and handoff live as long as it, the rest is read through `latest`
  }, []);

  const render = (width: number, height: number): ReactNode => {
    const d = slot.dialog;
    if (!d) return null;
    const { spec, ctx } = latest.current;
    return (
      <DialogView
        key={opened.current}
        dialog={d}
        ctx={ctx}
        width={width}
        height={height}
        nameOf={spec.rowKey}
        copy={handoff.copy}
        nav={latest.current.nav}
        onScopes={o.onDialog}
        onRows={(rows) => setFormNow((was) => (was?.dialog === d && was.rows === rows ? was : { dialog: d, rows }))}
        onDone={(outcome) => {
          slot.close();
          api.settle(outcome, 'Done.');
        }}
        onConfirm={api.confirm}
        onCancel={(reason) => {
          if (d.kind === 'reveal') forgetSecret(d.reveal.value);
          slot.close();
          if (reason) latest.current.nav.report('info', reason, 'action');
        }}
      />
    );
  };

  return {
    dialog: slot.dialog,
    rows: (width) => (slot.dialog ? dialogRows(slot.dialog, latest.current.ctx, width) : 0),
    shownRows: (width, given) => {
      const d = slot.dialog;
      if (!d) return 0;
      if (d.kind !== 'form') return given;
      return Math.min(given, formNow?.dialog === d ? formNow.rows : openingFormRows(d.form, d.row, latest.current.ctx, width));
    },
    handle: api.handle,
    open: api.open,
    run: api.run,
    render,
    keyContext: api.keyContext,
  };
}
