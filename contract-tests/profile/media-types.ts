/**
 * Reads `otherMediaTypes` off a server for --print-profile, with two creations no conforming
 * server stores (each lacks the required `categoryId`): the same body labelled
 * application/json and text/plain. A server that reads the second answers it as the first
 * (status, code and message alike); one that refuses the label answers otherwise (415, or
 * another complaint: it did not read the body). Nothing is sent with --read-only.
 */
import type { Profile } from '../../spec/profile.ts';
import type { ServerUnderTest } from '../client/preflight.ts';

/** The probe's body: a creation without its required `categoryId`, named so it can be found. */
const PROBE = JSON.stringify({ name: 'petstore-print-profile-probe' });

type Answer = { status: number; code?: unknown; message?: unknown };

/** What the server does with a body labelled text/plain: the profile field, or a note why not. */
export async function observeMediaTypes(
  server: ServerUnderTest,
  fetcher: typeof fetch,
): Promise<{ otherMediaTypes?: Profile['otherMediaTypes']; note?: string }> {
  const post = async (type: string): Promise<Answer> => {
    const response = await fetcher(`${server.baseUrl}/pets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.apiKey}`, 'content-type': type },
      body: PROBE,
    });
    try {
      const { code, message } = (await response.json()) as Answer;
      return { status: response.status, code, message };
    } catch {
      return { status: response.status };
    }
  };
  const json = await post('application/json');
  if (json.status < 400 || json.status >= 500)
    return {
      note: `otherMediaTypes: not observed (a creation without categoryId got ${json.status}, not a refusal); read or refuse`,
    };
  const text = await post('text/plain');
  if (text.status === 415) return { otherMediaTypes: 'refuse' };
  const alike =
    text.status === json.status && text.code === json.code && text.message === json.message;
  if (alike) return { otherMediaTypes: 'read' };
  if (text.status >= 400 && text.status < 500) return { otherMediaTypes: 'refuse' };
  return {
    note: `otherMediaTypes: not observed (a text/plain creation got ${text.status}); read or refuse`,
  };
}
