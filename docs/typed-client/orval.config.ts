import { defineConfig } from 'orval';

export default defineConfig({
  petstore: {
    input: 'http://127.0.0.1:4010/openapi.json',
    output: { target: 'petstore.ts', client: 'fetch', baseUrl: 'http://127.0.0.1:4010/v1' },
  },
});
