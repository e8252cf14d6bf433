import { expect, it } from 'vitest';
import { nodeAt, openapiDocument } from './document.ts';
import { documentAtLevel } from './levels.ts';
import { listRules, ruleById } from './rules.ts';

it('gives every rule a unique kebab-case id and a pointer to its statement', () => {
  const rules = listRules();
  expect(new Set(rules.map((r) => r.id)).size).toBe(rules.length);
  for (const rule of rules) {
    expect(rule.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(rule.text.length, rule.id).toBeGreaterThan(10);
    const stated = nodeAt(openapiDocument, rule.pointer);
    expect(stated, rule.pointer).toBeDefined();
    if (rule.level === 'interface') expect(stated).toBe(rule.text);
  }
});

it('states the interface rules on elements that stay at the interface level', () => {
  const stripped = documentAtLevel('interface');
  for (const rule of listRules().filter((r) => r.level === 'interface')) {
    expect(nodeAt(stripped, rule.pointer), rule.id).toBe(rule.text);
  }
});

it('finds a rule by id, with its level, and refuses an id the spec does not state', () => {
  expect(ruleById('auth-401')).toMatchObject({
    level: 'interface',
    pointer: '#/components/securitySchemes/bearerAuth/x-rules/auth-401',
  });
  expect(ruleById('name-limits')).toMatchObject({
    level: 'strict',
    adds: ['minLength', 'maxLength', 'pattern'],
    element: '#/components/schemas/PetName',
  });
  expect(() => ruleById('no-such-rule' as never)).toThrow(/states no rule no-such-rule/);
});
