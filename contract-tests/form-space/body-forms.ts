/**
 * The forms of a createPet body: a valid creation with each status and without one, under each
 * JSON media type and with each whitespace conforming clients write (all to be created as
 * sent); and bodies that lack a required member, left out or only under a near spelling of
 * its name (near-spellings.ts), each to be refused with 400. Every form is written anew around
 * a tag, a name unique to its request, so that what a refused one stored can be found.
 */
import { nodeAt, requestBodySchema, resolve } from '../../spec/document.ts';
import { stringifyJson } from '../../spec/json.ts';
import { documentAtLevel } from '../../spec/levels.ts';
import { JSON_MEDIA_TYPES, SPACED_FORMS } from '../catalogue/request-forms.ts';
import { nearSpellings, respelled } from './near-spellings.ts';

/** What a body form must get: created as sent, or refused with 400. */
export type BodyExpectation = 'create' | 'refuse';

/** A creation written around a tag: its text, its Content-Type and the body it means. */
export type WrittenBody = { rawBody: string; type: string; body: Record<string, unknown> };

/** One form of a creation body. */
export type BodyForm = {
  label: string;
  expect: BodyExpectation;
  write(tag: string, categoryId: number | bigint): WrittenBody;
};

const document = documentAtLevel('strict');
const pointer = requestBodySchema('createPet', document) ?? '';
const object = resolve(document, pointer);
/** The members the creation payload requires, as the spec lists them. */
const REQUIRED = (nodeAt(document, `${object?.pointer ?? pointer}/required`) ?? []) as string[];
/** The values of the status member's enum, as the spec lists them. */
const STATUS_VALUES = (() => {
  const at = `${object?.pointer ?? pointer}/properties/status`;
  const node = resolve(document, at)?.node ?? {};
  return Array.isArray(node.enum) ? (node.enum as string[]) : [];
})();

const json = (body: Record<string, unknown>): WrittenBody => ({
  rawBody: stringifyJson(body),
  type: 'application/json',
  body,
});

/** A valid creation with a status (or none). */
const valid = (status: string | undefined): BodyForm => ({
  label: status ? `a valid body with status ${status}` : 'a valid body without status',
  expect: 'create',
  write: (name, categoryId) => json({ name, categoryId, ...(status ? { status } : {}) }),
});

/** Every body form of the space. */
export function bodyForms(): BodyForm[] {
  const plain = (name: string, categoryId: number | bigint) => ({ name, categoryId });
  return [
    ...STATUS_VALUES.map(valid),
    valid(undefined),
    ...JSON_MEDIA_TYPES.map(
      (type): BodyForm => ({
        label: `a valid body sent as ${type}`,
        expect: 'create',
        write: (name, categoryId) => ({ ...json(plain(name, categoryId)), type }),
      }),
    ),
    ...SPACED_FORMS.map(
      (form): BodyForm => ({
        label: `a valid body with ${form.label}`,
        expect: 'create',
        write: (name, categoryId) => {
          const body = plain(name, categoryId);
          return { ...json(body), rawBody: form.write(body, {}) };
        },
      }),
    ),
    ...REQUIRED.flatMap((member) => [
      {
        label: `a body without ${member}`,
        expect: 'refuse' as const,
        write: (name: string, categoryId: number | bigint) => {
          const { [member]: _, ...rest } = plain(name, categoryId) as Record<string, unknown>;
          return json(rest);
        },
      },
      ...nearSpellings(member).map(
        (spelling): BodyForm => ({
          label: `a body with ${member} only as ${JSON.stringify(spelling.member)}${spelling.nested ? ` holding ${JSON.stringify(spelling.nested)}` : ''} (${spelling.label})`,
          expect: 'refuse',
          write: (name, categoryId) => json(respelled(plain(name, categoryId), member, spelling)),
        }),
      ),
    ]),
  ];
}
