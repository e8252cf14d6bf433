import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { include: ['msw-adapter.test.ts'] } });
