import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/errors';
import '@/lib/ask-texts';
import { useAskMatches, useOfferToAsk } from '../api/asks';

/**
 * The owner's donation page: each person nearby whose ask this item matches, unnamed
 * ("quelqu'un près de chez vous cherche ceci"), with the offer that tells them.
 */
export function AskMatchesPanel({ donationId }: { donationId: number }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const matches = useAskMatches(donationId).data?.matches ?? [];
  const offer = useOfferToAsk(donationId);
  if (matches.length === 0) return null;

  return (
    <ul className="plain-list stack" data-testid="ask-matches">
      {matches.map((match) => (
        <li key={match.id} className="card row ask-match" data-testid="ask-match" data-offered={match.offered}>
          <p>{t('asks.matches.someone')}</p>
          {match.offered ? (
            <span className="muted" data-testid="ask-match-offered">
              <Check className="icon" aria-hidden="true" /> {t(match.how === 'answered' ? 'asks.matches.answered' : 'asks.matches.offered')}
            </span>
          ) : (
            <Button
              size="sm"
              loading={offer.isPending && offer.variables === match.id}
              onClick={() =>
                offer.mutate(match.id, {
                  onSuccess: () => toast({ title: (tr) => tr('asks.matches.offeredToast'), variant: 'success' }),
                  onError: (error) => toast({ title: (tr) => tr('common.error'), description: (tr) => errorMessage(error, tr, 'asks.matches.error'), variant: 'error' }),
                })
              }
              data-testid="ask-match-offer"
            >
              {t('asks.matches.offer')}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
