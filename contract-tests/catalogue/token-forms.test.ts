import { expect, it } from 'vitest';
import { alteredForms } from './token-forms.ts';

it('alters the key the ways a token parser undoes, never into a form HTTP allows for it', () => {
  const forms = alteredForms('secret-key');
  expect(forms.map((f) => f.authorization)).toContain('Bearer "secret-key"');
  expect(forms.map((f) => f.authorization)).toContain('Bearer secret-key, x=1');
  for (const form of forms) {
    expect(form.authorization).not.toMatch(/^Bearer +secret-key\s*$/i);
    expect(form.shown).not.toContain('secret-key');
    expect(form.shell).toMatch(/\$\{PETSTORE_API_KEY\}/);
    expect(form.shell).not.toContain('secret-key');
  }
});
