/** What a leniency of the catalogue does, which frameworks or gateways do so, and the page that says so. */
export type LeniencyNote = { does: string; who: string; source: string };
