/**
 * A framework service of the panel shared by the whole test run (panel-setup.ts starts it on
 * first use). Tests on a shared service keep apart by their data (the animals they create),
 * never by a fresh process; a test that needs its own flags or stops its server starts its
 * own with `startService` (services.ts).
 */
import { inject } from 'vitest';
import type { ServiceName } from './services.ts';

/** A running service of the panel as a test reaches it: base URL (ending in /v1) and key. */
export type PanelService = { name: ServiceName; baseUrl: string; apiKey: string };

/** The run's one `name` service, started by the first file that asks. */
export async function panelService(name: ServiceName): Promise<PanelService> {
  const reply = await fetch(`${inject('panelServices')}/${encodeURIComponent(name)}`);
  const body = (await reply.json()) as PanelService & { error?: string };
  if (!reply.ok) throw new Error(`panel service ${name}: ${body.error}`);
  return body;
}
