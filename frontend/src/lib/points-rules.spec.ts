import { describe, expect, it } from 'vitest';
import { DonationRules, PointsRules, WELCOME_POINTS } from '@hdiya/contracts';
import { POINTS_FIGURES } from './points-rules';

type Tree = { [key: string]: string | Tree };
const files = import.meta.glob<Tree>('../locales/*/*.json', { eager: true, import: 'default' });

function texts(tree: Tree, prefix: string): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}.${key}`, value] as [string, string]] : texts(value, `${prefix}.${key}`)));
}

describe('points rules in texts', () => {
  it('should take the figures the services apply', () => {
    expect(POINTS_FIGURES).toMatchObject({
      welcomePoints: WELCOME_POINTS,
      publishReward: DonationRules.publishReward,
      giftReward: DonationRules.publishReward + DonationRules.receptionReward,
      giftDailyCap: PointsRules.giftDailyCap,
      giftPairLimit: PointsRules.giftPairLimit,
    });
  });

  // A figure typed into a text drifts from the rule the day the rule changes (issue 21: "+5 en
  // publiant" beside "versés quand il est remis"). Texts about points quote the variables; "24"
  // (hours of a rolling day) is part of the wording, not a setting.
  it('should quote no figure of its own in a text about points', () => {
    const typed = Object.entries(files).flatMap(([path, tree]) =>
      texts(tree, path.replace(/^.*locales\//, '').replace(/\.json$/, ''))
        // Form messages are not about points ("نقطة" is also a full stop there).
        .filter(([key, text]) => !key.includes('/validation.') && /point|نقط|نقاط/i.test(text))
        .filter(([, text]) => /\d/.test(text.replace(/{{[^}]*}}/g, '').replace(/\b24\b/g, '')))
        .map(([key]) => key),
    );
    expect(typed).toEqual([]);
  });
});
