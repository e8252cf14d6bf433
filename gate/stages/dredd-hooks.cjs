/**
 * Dredd hooks of the release gate. They read the plan the gate wrote (gate/stages/dredd-plan.ts,
 * path in PETSTORE_GATE_DREDD_PLAN) and, for each transaction: add the bearer key, send the
 * request that provokes its documented status (401: no key; 404: an absent id; 400: an
 * invalid body or parameter; 405: another method; ...), use a pet this run created, and
 * validate the body against the spec's response schema instead of Dredd's generated example.
 */
const { readFileSync } = require('node:fs');
const hooks = require('hooks');

const plan = JSON.parse(readFileSync(process.env.PETSTORE_GATE_DREDD_PLAN, 'utf8'));
const basePath = new URL(plan.baseUrl).pathname.replace(/\/+$/, '');
let petId;

hooks.beforeAll((_transactions, done) => {
  if (plan.createBody === '') {
    hooks.log('beforeAll: no pet created (--max-creates leaves none)');
    return done();
  }
  fetch(`${plan.baseUrl}/pets`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${plan.apiKey}`, 'Content-Type': 'application/json' },
    body: plan.createBody,
  })
    .then(async (response) => {
      const text = await response.text();
      // Read the id from the raw text so ids above 2^53 stay exact.
      petId = /"id"\s*:\s*(\d+)/.exec(text)?.[1];
      const how = `POST /pets answered ${response.status} (201 expected)`;
      if (petId === undefined) hooks.log(`beforeAll: ${how} without an id: ${text.slice(0, 200)}`);
      else hooks.log(`beforeAll: ${how}; the getPet transactions read pet ${petId}`);
    })
    .catch((error) => hooks.log(`beforeAll: POST /pets failed: ${error.message}`))
    .finally(() => done());
});

hooks.beforeEach((transaction, done) => {
  const step = plan.transactions[transaction.name];
  if (step === undefined) {
    transaction.fail = `the gate has no plan for "${transaction.name}": the spec and gate/stages/dredd-plan.ts disagree`;
    return done();
  }
  if (step.skip !== undefined) {
    transaction.skip = true;
    hooks.log(`skipped ${transaction.name}: ${step.skip}`);
    return done();
  }
  if (step.path.includes('{id}') && petId === undefined) {
    transaction.fail = 'no pet could be created in beforeAll (see its log line), so no id to read';
    return done();
  }
  const path = step.path.replace('{id}', encodeURIComponent(petId ?? ''));
  transaction.request.method = step.method;
  transaction.request.uri = path;
  transaction.fullPath = `${basePath}${path}`;
  // Reports (console, xunit) then name the request really sent, not Dredd's example one.
  transaction.id = `${step.method} (${transaction.expected.statusCode}) ${path}`;
  transaction.request.headers = { ...step.headers, 'User-Agent': 'petstore-gate (Dredd)' };
  transaction.request.body = step.body;
  // Only headers the spec marks required must be there (their values are Prism's to check).
  transaction.expected.headers = { 'Content-Type': 'application/json' };
  for (const name of step.requiredHeaders) transaction.expected.headers[name] = '';
  delete transaction.expected.body;
  transaction.expected.bodySchema = step.bodySchema;
  hooks.log(`${transaction.name}: ${step.method} ${path} (${step.label})`);
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
