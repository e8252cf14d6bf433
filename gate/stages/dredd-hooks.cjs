/**
 * Dredd hooks of the release gate. They read the plan the gate wrote (dredd-plan.ts, path in
 * PETSTORE_GATE_DREDD_PLAN) and, for each transaction: add the bearer key, send the request
 * that provokes its documented status (401: no key; 404: an absent id; 400: an invalid body
 * or parameter; 405: another method; ...), use a pet this run created (or, when it may
 * create none, the first the list shows), and validate the body against the spec's response
 * schema instead of Dredd's generated example. Every transaction's outcome (the request
 * sent, the answer, Dredd's reasons) is appended as a JSON line to PETSTORE_GATE_DREDD_LOG,
 * from which the gate writes its report: Dredd's own reporters are not used.
 */
const { appendFileSync, readFileSync } = require('node:fs');
const hooks = require('hooks');

const plan = JSON.parse(readFileSync(process.env.PETSTORE_GATE_DREDD_PLAN, 'utf8'));
const logFile = process.env.PETSTORE_GATE_DREDD_LOG;
const basePath = new URL(plan.baseUrl).pathname.replace(/\/+$/, '');
let petId;

const record = (entry) => appendFileSync(logFile, `${JSON.stringify(entry)}\n`);
// Read the id from the raw text so ids above 2^53 stay exact.
const firstId = (text) => /"id"\s*:\s*(\d+)/.exec(text)?.[1];

async function createPet() {
  const response = await fetch(`${plan.baseUrl}/pets`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${plan.apiKey}`, 'Content-Type': 'application/json' },
    body: plan.createBody,
  });
  const text = await response.text();
  petId = firstId(text);
  record({ kind: 'created', status: response.status, id: petId ?? null });
}

async function readPet() {
  const response = await fetch(`${plan.baseUrl}/pets?limit=1`, {
    headers: { Authorization: `Bearer ${plan.apiKey}`, Accept: 'application/json' },
  });
  petId = response.status === 200 ? firstId(await response.text()) : undefined;
  record({ kind: 'listed', status: response.status, id: petId ?? null });
}

hooks.beforeAll((_transactions, done) => {
  const first = plan.createBody !== '' ? createPet() : Promise.resolve();
  first
    .then(() => (petId === undefined && plan.readFromList ? readPet() : undefined))
    .catch((error) => record({ kind: 'set-up', error: error.message }))
    .finally(() => done());
});

hooks.beforeEach((transaction, done) => {
  const step = plan.transactions[transaction.name];
  if (step === undefined) {
    transaction.fail = `the gate has no plan for "${transaction.name}": the spec and the gate's Dredd plan disagree`;
    return done();
  }
  if (step.skip !== undefined) {
    transaction.skip = true;
    return done();
  }
  if (step.path.includes('{id}') && petId === undefined) {
    transaction.skip = true;
    transaction.gateSkip = plan.readFromList
      ? 'no animal to read: this run may create none, and the list showed none'
      : 'no animal to read: the pet created in beforeAll got no id (see the created line)';
    return done();
  }
  const path = step.path.replace('{id}', encodeURIComponent(petId ?? ''));
  transaction.request.method = step.method;
  transaction.request.uri = path;
  transaction.fullPath = `${basePath}${path}`;
  transaction.id = `${step.method} (${transaction.expected.statusCode}) ${path}`;
  transaction.request.headers = { ...step.headers, 'User-Agent': 'petstore-gate (Dredd)' };
  transaction.request.body = step.body;
  // Only headers the spec marks required must be there (their values are Prism's to check).
  transaction.expected.headers = { 'Content-Type': 'application/json' };
  for (const name of step.requiredHeaders) transaction.expected.headers[name] = '';
  delete transaction.expected.body;
  transaction.expected.bodySchema = step.bodySchema;
  done();
});

hooks.beforeEachValidation((transaction, done) => {
  // Any application/json Content-Type passes (charset parameters included); others fail.
  const actual = transaction.real?.headers?.['content-type'];
  if (typeof actual === 'string' && /^application\/json\s*(;|$)/i.test(actual)) {
    transaction.expected.headers['Content-Type'] = actual;
  }
  done();
});

hooks.afterEach((transaction, done) => {
  const step = plan.transactions[transaction.name] ?? {};
  const real = transaction.real;
  const status = transaction.skip
    ? 'skip'
    : real === undefined
      ? 'error'
      : (transaction.test?.status ?? 'error');
  record({
    kind: 'transaction',
    name: transaction.name,
    status,
    ...(transaction.gateSkip ? { skip: transaction.gateSkip } : {}),
    sent: {
      method: transaction.request.method,
      path: transaction.request.uri,
      headers: transaction.request.headers,
      body: transaction.request.body ?? '',
    },
    label: step.label ?? '',
    message: transaction.test?.message ?? '',
    ...(real === undefined
      ? {}
      : { real: { status: real.statusCode, headers: real.headers, body: real.body ?? '' } }),
  });
  done();
});
