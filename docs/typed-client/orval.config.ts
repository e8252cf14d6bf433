// A plain object (no `import { defineConfig } from 'orval'`), so npx's orval reads it
// without orval in the project's dependencies.
export default {
  petstore: {
    input: 'http://127.0.0.1:4010/openapi.json',
    output: { target: 'src/petstore.ts', client: 'fetch', baseUrl: 'http://127.0.0.1:4010/v1' },
  },
};
