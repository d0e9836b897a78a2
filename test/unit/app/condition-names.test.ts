import { describe, expect, it } from 'vitest';
import { PARAMETERS } from '../../../src/app/conditions.js';

describe('condition parameters', () => {
  it('names each as its ad platform spells it', () => {
    const label = (p: string) => PARAMETERS.find(([, , name]) => name === p)?.[1];
    expect(label('ef_id')).toBe('Adobe AdLens click id');
    expect(label('gclid')).toBe('AdWords click id');
    expect(label('yclid')).toBe('Yandex.Direct click id');
    expect(PARAMETERS.map(([, l]) => l).join(' ')).not.toMatch(/AdLense/);
  });
});
