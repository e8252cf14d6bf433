/**
 * A session's own profile, as the `/__mock/profile` control and the handle set and show it
 * (moved out of profile.ts unchanged, so that profile.ts imports nothing of sessions).
 */
import { type Profile, ProfileError, parseProfile } from '../../spec/profile.ts';
import { MockError } from './errors.ts';
import { ProfileTextError, parseProfileText } from './profile-text.ts';
import type { Session, Sessions } from './sessions.ts';

/** A session's profile as the controls show it: whose it is, and what it declares. */
export type ProfileView = { source: 'session' | 'server'; profile: Profile };

/** What GET /__mock/profile answers for a session. */
export const profileView = (session: Session): ProfileView => ({
  source: session.ownProfile ? 'session' : 'server',
  profile: session.answering.declared,
});

/**
 * Gives a session the profile `value` (parsed JSON; a mistake is a 400 naming the field), or
 * puts it back on the server's with `undefined`.
 */
export function setSessionProfile(sessions: Sessions, session: Session, value: unknown): void {
  if (value === undefined) {
    sessions.setProfile(session, undefined);
    return;
  }
  let profile: Profile;
  try {
    profile = parseProfile(value);
  } catch (error) {
    if (error instanceof ProfileError)
      throw new MockError(400, 'validation_failed', `profile: ${error.message}`);
    throw error;
  }
  sessions.setProfile(session, profile);
}

/** Reads `PUT /__mock/profile`'s body, YAML or JSON text, into a profile; a mistake is a 400. */
export function readProfileBody(text: string): Profile {
  try {
    return parseProfileText(text);
  } catch (error) {
    if (error instanceof ProfileError || error instanceof ProfileTextError)
      throw new MockError(400, 'validation_failed', `profile: ${error.message}`);
    throw error;
  }
}
