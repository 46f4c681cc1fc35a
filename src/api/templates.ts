// Templates (spec 4.7): private images made from a server or a snapshot. Addressed by name (spec) or by
// numeric id (one public client); the service accepts either.
import { parseActionAnswer, type Action } from './actions.js';
import { parseImage, type Image } from './catalog.js';
import type { Transport } from './http.js';
import { deletionUnderWay } from './lost-answer.js';
import { createdActionId, listOf, requireRecord, unwrap } from './parse-base.js';
import { seg, type CallOptions } from './path.js';

export type Template = Image;

interface CreatedTemplate {
  actionId: number;
  template: Template;
}

// ------------------------------------------------------------------------------------------------ reading

export const parseTemplate = (v: unknown): Template => parseImage(unwrap(v, 'template'));

function parseTemplates(body: unknown): Template[] {
  return listOf(body, 'templates', 'template list').map(parseImage);
}

export function parseCreatedTemplate(body: unknown): CreatedTemplate {
  const b = requireRecord(body, 'template creation');
  return { actionId: createdActionId(b, 'template creation'), template: parseImage(b.template) };
}

// -------------------------------------------------------------------------------------------------- calls

type TemplateSource = { server: string } | { snapshot: number };

export function templatesApi(t: Transport) {
  const one = (ref: string | number) => `/ecs/v2/templates/${seg(ref)}`;
  return {
    list(opts: CallOptions = {}): Promise<Template[]> {
      return t.call('GET', '/ecs/v2/templates', parseTemplates, opts);
    },
    get(ref: string | number, opts: CallOptions = {}): Promise<Template> {
      return t.call('GET', one(ref), parseTemplate, opts);
    },
    /** Starts a `create_template` action (minutes to half an hour on the live service). */
    create(input: { description: string } & TemplateSource, opts: CallOptions = {}): Promise<CreatedTemplate> {
      const json =
        'server' in input ? { description: input.description, server: input.server } : { description: input.description, snapshot: input.snapshot };
      return t.call('POST', '/ecs/v2/templates', parseCreatedTemplate, { ...opts, json });
    },
    /** Sets the description, which is the template's display name. */
    rename(ref: string | number, description: string, opts: CallOptions = {}): Promise<Template> {
      return t.call('PUT', one(ref), parseTemplate, { ...opts, json: { description } });
    },
    /** Starts a `delete_template` action; the template's data is gone for good. */
    remove(ref: string | number, opts: CallOptions = {}): Promise<Action> {
      // its actions name it by name; an id is looked up (a template being deleted still answers)
      const name = async () => (typeof ref === 'string' ? ref : (await t.call('GET', one(ref), parseTemplate, opts)).name);
      return t.call('DELETE', one(ref), parseActionAnswer, { ...opts, lostAnswer: deletionUnderWay(t, name, 'delete_template') });
    },
  };
}
