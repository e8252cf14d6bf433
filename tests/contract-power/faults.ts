/**
 * The deliberately broken reference servers: one fault each, with what it does. The first
 * group breaks the shape of answers (status, body, auth); the second accepts a value and
 * stores or returns something else, fails on unusual input, mishandles repetition, or
 * lets a near miss of the key in; the third restates getPet's removal date wrongly, answers
 * an empty list wrongly, or reads request bodies too strictly or too loosely; the fourth
 * mishandles requests as real clients send them, or bodies as they garble them; the fifth
 * keeps an animal as created only for a while (suite/whole-run.contract.ts reads them all back
 * at the end of the run); the last were written apart from the suite (issue 42).
 */

/** Faults of status, shape and authentication. */
export const SHAPE_FAULTS = {
  'auth-skipped-on-getPet': 'getPet answers without a key',
  'create-answers-200': 'createPet answers 200 instead of 201',
  'create-without-id': 'the created pet has no id',
  'responses-miss-categoryId': 'pets come back without categoryId',
  'limit-ignored': 'every list holds every pet',
  'default-limit-ignored': 'a list without limit holds 50 pets',
  'limit-above-100-uncapped': 'limit=101 and more are honoured',
  'status-filter-ignored': 'the status filter is ignored',
  'error-without-status': 'Error bodies lack status',
  'error-status-mismatch': 'Error.status differs from the HTTP status',
  'error-not-json': 'errors are plain text',
  'server-error-on-wrong-type': 'a body field of the wrong type gets 500',
  'state-not-kept': 'created pets cannot be fetched',
  'get-returns-another-pet': 'getPet returns the pet before the one asked for',
  'name-trimmed': 'names are stored trimmed',
  'name-lowercased': 'names are stored in lower case',
  'rounded-int64-ids': 'ids above 2^53 are written rounded',
  'text-content-type': 'responses are labelled text/plain',
  'unknown-id-404-before-auth': 'an unknown id gets 404 before the key is checked',
  'invalid-body-400-before-auth': 'an invalid body gets 400 before the key is checked',
  'wrong-key-accepted': 'any bearer token passes',
  'empty-bearer-accepted': 'an empty bearer token passes',
  'other-scheme-accepted': 'any scheme ending in the key passes',
  'string-category-accepted': 'categoryId "5" (a string) is accepted',
  'null-name-accepted': 'name null is accepted',
  'missing-name-accepted': 'a body without name is accepted',
  'invalid-status-accepted': 'a status outside the enum is accepted',
  'malformed-json-500': 'malformed JSON gets 500',
  'list-wrapped-in-object': 'the list is wrapped in {items}',
  'list-always-empty': 'every list is empty',
} as const;

/** Faults of unusual input, repetition and near-miss keys. */
export const INPUT_FAULTS = {
  'control-chars-stripped': 'control characters are removed from names',
  'invisible-chars-stripped': 'zero-width characters and BOMs are removed from names',
  'name-truncated-at-100': 'names are cut at 100 characters, silently',
  'name-whitespace-collapsed': 'runs of whitespace in names become one space',
  'unicode-normalised': 'names are stored NFC-normalised',
  'name-html-escaped': 'names are stored HTML-escaped',
  'name-sql-quotes-doubled': "quotes in names are doubled ('')",
  'json-built-by-hand': 'the created pet is written without escaping quotes',
  'category-rounded-to-double': 'categoryId is stored as a double (2^53+1 becomes 2^53)',
  'category-exponent-misread': 'categoryId 1e2 is read as 1',
  'negative-category-made-positive': 'a negative categoryId is stored positive',
  'status-case-folded': 'status AVAILABLE is accepted and stored as available',
  'rejected-create-stored': 'a body with a bad status is stored, then answered 400',
  'server-error-on-long-name': 'a name over 1,000 characters gets 500',
  'server-error-on-non-bmp': 'a name with an emoji gets 500',
  'server-error-on-empty-name': 'an empty name gets 500',
  'server-error-on-huge-category': 'a categoryId above 2^53 gets 500',
  'server-error-on-empty-status-filter': 'status= (empty) gets 500',
  'server-error-on-repeated-params': 'a repeated query parameter gets 500',
  'server-error-on-unknown-query': 'an unknown query parameter gets 500',
  'server-error-on-huge-petId': 'a petId beyond int64 gets 500',
  'unparseable-limit-returns-all': 'limit=abc returns every pet',
  'petId-parsed-leniently': 'petId 1.5 is read as 1 (parseInt)',
  'duplicate-create-same-id': 'the same body sent again returns the first pet',
  'concurrent-creates-collide': 'creations at the same moment share an id',
  'status-filter-snapshot': 'filtered lists come from a snapshot taken at start-up',
  'client-id-honoured': 'a client-sent id is used as the new id',
  'client-string-id-honoured': 'a client-sent id written as a JSON string is used as the new id',
  'key-case-insensitive': 'the key is compared ignoring case',
  'key-prefix-accepted': 'any prefix of the key passes',
  'key-suffix-accepted': 'any suffix of the key passes',
  'key-extra-characters-accepted': 'the key followed by anything passes',
  'key-inner-whitespace-stripped': 'whitespace inside the token is removed before comparing',
  'key-trimmed': 'the token is trimmed with String.trim (no-break spaces too)',
  'key-refused-on-create': 'the valid key is refused by createPet',
  'key-in-other-header-accepted': 'the key in an X-API-Key header passes without Authorization',
  'served-at-root': 'the operations are served without the /v1 base path',
  'trailing-slash-redirect':
    'every path without a trailing slash is redirected (301) to the same path with one, as Django REST Framework does by default',
  'getPet-gone-early': 'getPet answers 410 Gone before its announced removal',
  'ids-rounded-when-read': 'getPet and listPets write ids above 2^53 rounded',
  'petId-read-as-double': 'petId is read as a double (2^53+1 finds pet 2^53)',
  'list-trims-names': 'listPets writes names trimmed (getPet does not)',
  'percent-names-dropped': 'a name holding % is answered 201 but never stored',
  'json-with-bom': 'getPet answers begin with a UTF-8 byte order mark',
} as const;

/** Faults of a restated date, the edges of state, and the forms of a request body. */
export const EDGE_FAULTS = {
  'sunset-another-date': 'getPet sends Sunset: Wed, 04 Dec 2030 23:00:00 GMT (midnight in Berlin)',
  'sunset-not-an-http-date': 'getPet sends Sunset: 2030-12-05 (an ISO date, not an HTTP-date)',
  'empty-catalogue-404': 'an empty catalogue answers 404 not_found',
  'empty-filter-null': 'a status filter no pet matches answers null (a nil slice)',
  'media-type-parameter-refused': 'Content-Type other than exactly application/json gets 415',
  'body-whitespace-refused':
    'bodies not matching /^\\{.*\\}$/ get 400 (spaces around, line breaks)',
  'trailing-content-ignored': 'the first JSON value of a body is read, the rest ignored',
} as const;

/** Faults of reading requests as real clients send them, and bodies as they garble them. */
export const CLIENT_FAULTS = {
  'member-names-case-insensitive':
    'body members are matched ignoring case, so {"NAME": …} is a name (Go encoding/json)',
  'no-body-500': 'a creation with no or an empty body gets 500 (reading a field of undefined)',
  'name-over-63-500':
    'a valid name over 63 characters gets 500 (a varchar(63) column); the suite sends one only to learn the name limit',
  'text-body-html-500': 'a text/plain creation gets an HTML 500 page (Express defaults)',
  'accept-missing-refused': 'a request without an Accept header gets 406',
  'header-case-sensitive-auth':
    'the key is read only from a header spelt Authorization or authorization',
  'auth-header-only-capitalised':
    'the key is read only from a header spelt Authorization (a map keyed as sent, as PHP getallheaders() gives)',
  'auth-header-only-lower-case':
    'the key is read only from a header spelt authorization (the preflight finds it there and the run goes on)',
  'chunked-body-refused': 'a chunked body (no Content-Length) gets 411 Length Required',
} as const;

/** Faults of the transport: no answer, or not a whole one. */
export const TRANSPORT_FAULTS = {
  'connection-dropped-on-empty-bearer':
    'Authorization: Bearer with an empty token drops the connection (a handler that panics)',
  'getPet-body-cut-short': 'getPet answers announce 20 bytes more than they send, then close',
  'list-labelled-gzip': 'listPets answers say Content-Encoding: gzip over plain JSON',
} as const;

/** Faults of the store over time: an animal read back right after its creation, changed later. */
export const STATE_FAULTS = {
  'store-keeps-latest-120':
    'the store keeps the latest 120 animals and forgets older ones (a cache used as the store)',
  'status-index-files-as-available':
    "the list's status index files every animal under available (its default), while getPet shows the status it was created with",
  'names-tidied-later':
    'a background job capitalises the name of each animal once 120 more have been created',
  'list-refiles-as-sold-later':
    'the list shows each animal as sold, under status=sold, once 120 more have been created, while getPet shows it as created',
} as const;

/**
 * Faults written apart from the suite (issue 42), each a real bug of a real stack: a value of
 * the wrong JSON type converted, a 404 kept by a cache in front, a token parser that alters
 * the key before comparing it.
 */
export const OUTSIDE_FAULTS = {
  'wrong-types-converted':
    'status 0, 1 or 2 (a number) is read as the member at that index (Jackson reads enums so by default), and categoryId true or false as 1 or 0 (a Python bool is an int)',
  'not-found-cached':
    'a cache in front keeps every 404 of getPet (per URL and Authorization), so an animal read before it exists stays 404 once created',
  'token-parsed-as-rails-does':
    'the token after Bearer is read as Rails\' token_and_options reads it: quotes stripped, what follows a comma, semicolon or tab dropped, a token= prefix removed (Bearer "KEY" and Bearer KEY, x=1 pass)',
} as const;

/**
 * Faults no one listed for the suite (issue 48), each breaking a rule on some forms of a
 * request only: a filter or a cursor, a path form the server serves, a refused creation, a
 * field under a near name, a read right after a write, a page after the first. The first six
 * were missed by the suite in a set written from the interface alone; the rest were written
 * beside them, as the next ones nobody will list. The suite reaches them by covering every
 * form of every request (contract-tests/form-space/), not by a check written for each.
 */
export const FORM_FAULTS = {
  'auth-skipped-with-status-filter': 'listPets answers without a key when a status filter is given',
  'auth-skipped-on-trailing-slash':
    '/v1/pets/ and /v1/pets/{id}/ are served like the paths without the slash, and without a key (the key is checked on the exact paths only)',
  'unauthorized-create-stored':
    'a creation is stored before the key is checked: answered 401, and kept all the same',
  'field-alias-accepted':
    'a body without categoryId is read with category_id in its place (an alias the framework maps)',
  'fresh-rows-half-written':
    'for 250 ms after its 201 an animal is listed with name and categoryId null (its row written in two steps)',
  'later-pages-ignore-limit':
    'pages after the first (through Link rel="next") hold up to 50 animals whatever limit says',
  'auth-skipped-for-available-pets':
    'getPet of an available animal answers without a key (a public catalogue page)',
  'auth-skipped-on-other-case-path':
    'paths are routed in any case (/v1/PETS), the key checked only on /v1/pets as written',
  'auth-skipped-with-cursor':
    'a list request carrying a cursor answers without a key (the cursor taken for a capability)',
  'later-pages-ignore-status':
    'pages after the first (through Link rel="next") list every status whatever the filter',
  'reads-lag-after-create':
    "getPet answers 404 for 250 ms after an animal's 201 (a read replica behind the primary)",
  'kebab-alias-accepted':
    "a body without categoryId is read with category-id in its place (JSON:API's kebab-case member names)",
} as const;

/**
 * A fault of the whole list over time, on a server writing Link pages: only a declared
 * `pagination: link` reads the list to its end, and only the end of the run has created
 * enough animals to show it (profile-power.test.ts).
 */
export const WHOLE_LIST_FAULTS = {
  'list-shows-latest-120':
    'the list shows only the latest 120 animals created (a capped index), while getPet still finds the older ones',
} as const;

/**
 * Faults of a list on a server that already holds many animals: the interface alone never
 * knows a list answer is complete, so only a declared profile (pagination, order) shows them
 * (profile-power.test.ts).
 */
export const LIST_FAULTS = {
  'list-cached-30s': 'list answers are cached for 30 s, so a new animal shows late',
  'list-hides-some': 'animals whose id ends in 3 are never listed',
  'list-merges-equal-animals':
    'an animal equal to one listed before it (name, category, status) is left out',
  'ids-sorted-as-text': 'lists are sorted by id as text, so 10 comes before 9',
} as const;

/**
 * Faults of Link pages, on a server that writes them (variants.ts `linkPages`) and already
 * holds many animals: the next link leads elsewhere than the rest of the list. Only a
 * declared `pagination: link` walks the pages to the end and at two page sizes
 * (profile-power.test.ts).
 */
export const LINK_FAULTS = {
  'link-skips-one': 'each next link skips the first animal of the next page',
  'link-repeats-one': 'each next link starts again at the last animal of its page',
  'link-last-returns-to-first': 'the last page links rel="next" back to the first page',
  'link-cursor-stalls':
    'from the second page on, the next link carries the same cursor again, in a new URL',
} as const;

/** One way of breaking the interface. */
export type Fault =
  | keyof typeof SHAPE_FAULTS
  | keyof typeof TRANSPORT_FAULTS
  | keyof typeof INPUT_FAULTS
  | keyof typeof EDGE_FAULTS
  | keyof typeof CLIENT_FAULTS
  | keyof typeof STATE_FAULTS
  | keyof typeof OUTSIDE_FAULTS
  | keyof typeof FORM_FAULTS
  | keyof typeof LIST_FAULTS
  | keyof typeof LINK_FAULTS
  | keyof typeof WHOLE_LIST_FAULTS;

/** What each fault does, for reports (the list faults are in LIST_FAULTS, LINK_FAULTS, WHOLE_LIST_FAULTS). */
export const FAULT_NOTES: Record<
  Exclude<
    Fault,
    keyof typeof LIST_FAULTS | keyof typeof LINK_FAULTS | keyof typeof WHOLE_LIST_FAULTS
  >,
  string
> = {
  ...SHAPE_FAULTS,
  ...INPUT_FAULTS,
  ...EDGE_FAULTS,
  ...CLIENT_FAULTS,
  ...TRANSPORT_FAULTS,
  ...STATE_FAULTS,
  ...OUTSIDE_FAULTS,
  ...FORM_FAULTS,
};

/** Every fault, shape faults first. */
export const FAULTS = Object.keys(FAULT_NOTES) as Fault[];
