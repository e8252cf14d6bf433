// The consumer's vitest config: the Pet Store handlers set up before every test file.
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { setupFiles: ['./msw-setup.ts'] } });
