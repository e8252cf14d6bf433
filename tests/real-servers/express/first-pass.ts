/**
 * The Pet Store as an Express team writes it first: express.json(), plain-text answers for
 * its own errors and Express's default HTML pages for everything else (malformed JSON,
 * unknown routes). Run: PETSTORE_API_KEY=KEY PORT=N node --import tsx first-pass.ts
 */
import express from 'express';

type Pet = { id: number; name: string; categoryId: number; status: string };

const apiKey = process.env.PETSTORE_API_KEY ?? 'dev-key';
const pets = new Map<number, Pet>();
const app = express();
app.use(express.json());

app.use('/v1', (req, res, next) => {
  if (req.headers.authorization !== `Bearer ${apiKey}`) {
    res.status(401).send('Unauthorized');
    return;
  }
  next();
});

app.get('/v1/pets', (req, res) => {
  const limit = Number(req.query.limit ?? 20);
  const status = req.query.status;
  const found = [...pets.values()].filter((pet) => !status || pet.status === status);
  res.json(found.slice(0, limit));
});

app.post('/v1/pets', (req, res) => {
  const { name, categoryId, status } = req.body;
  if (!name || !categoryId) {
    res.status(400).send('name and categoryId are required');
    return;
  }
  const pet = { id: pets.size + 1, name, categoryId, status: status ?? 'available' };
  pets.set(pet.id, pet);
  res.status(201).json(pet);
});

app.get('/v1/pets/:petId', (req, res) => {
  const pet = pets.get(Number(req.params.petId));
  if (!pet) {
    res.sendStatus(404);
    return;
  }
  res.json(pet);
});

app.listen(Number(process.env.PORT ?? 3000), '127.0.0.1');
