/**
 * The Pet Store as an Express team finishes it: every error is the interface's Error object
 * (body-parser's errors and unknown routes included), 401 on a missing or invalid bearer key,
 * 400 for invalid input. Where the interface is silent it keeps Express's ways: petId is read
 * with Number(req.params.petId). Idle kept-alive connections close after 1 s.
 * Run: PETSTORE_API_KEY=KEY PORT=N [PETSTORE_MAX_NAME=20] node --import tsx conforming.ts
 */
import { timingSafeEqual } from 'node:crypto';
import express, { type ErrorRequestHandler, type Response } from 'express';
import { type Pet, readNewPet } from './pet-rules.ts';

const apiKey = Buffer.from(process.env.PETSTORE_API_KEY ?? 'dev-key');
const maxName = Number(process.env.PETSTORE_MAX_NAME ?? 0);
const CODES: Record<number, string> = {
  400: 'validation_failed',
  401: 'unauthorized',
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};
const pets = new Map<number, Pet>();

const fail = (res: Response, status: number, message: string) =>
  res.status(status).json({ code: CODES[status] ?? 'internal_error', message, status });

const keyMatches = (header = '') => {
  const [scheme = '', token = ''] = header.split(/ (.*)/s);
  const sent = Buffer.from(token);
  return (
    scheme.toLowerCase() === 'bearer' &&
    sent.length === apiKey.length &&
    timingSafeEqual(sent, apiKey)
  );
};

const app = express();
app.use('/v1', (req, res, next) => {
  if (!keyMatches(req.headers.authorization)) fail(res, 401, 'send Authorization: Bearer <key>');
  else next();
});
// Bytes that are not UTF-8 would be read as U+FFFD and stored so: refuse them instead.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
app.use(
  express.json({
    verify: (_req, _res, bytes) => {
      try {
        strictUtf8.decode(bytes);
      } catch {
        throw Object.assign(new Error('the body must be UTF-8 JSON text'), { status: 400 });
      }
    },
  }),
);

app.get('/v1/pets', (req, res) => {
  const limit = req.query.limit === undefined ? 20 : Number(req.query.limit);
  const { status } = req.query;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    return void fail(res, 400, 'limit must be an integer from 1 to 100');
  if (status !== undefined && !['available', 'pending', 'sold'].includes(String(status)))
    return void fail(res, 400, 'status must be available, pending or sold');
  const found = [...pets.values()].filter((pet) => status === undefined || pet.status === status);
  res.json(found.slice(0, limit));
});

app.post('/v1/pets', (req, res) => {
  const read = readNewPet(req.body, maxName);
  if (typeof read === 'string') return void fail(res, 400, read);
  const pet = { id: pets.size + 1, ...read };
  pets.set(pet.id, pet);
  res.status(201).json(pet);
});

app.get('/v1/pets/:petId', (req, res) => {
  const id = Number(req.params.petId);
  if (!Number.isInteger(id)) return void fail(res, 400, 'petId must be an integer');
  const pet = pets.get(id);
  if (!pet) return void fail(res, 404, `no pet with id ${req.params.petId}`);
  res.json(pet);
});

app.use((req, res) => fail(res, 404, `no route ${req.method} ${req.path}`));
const errors: ErrorRequestHandler = (err, _req, res, _next) => {
  const status = Number(err?.status) || 500;
  fail(res, status, status === 500 ? 'internal error' : String(err.message));
};
app.use(errors);

const server = app.listen(Number(process.env.PORT ?? 3000), '127.0.0.1');
server.keepAliveTimeout = 1000;
