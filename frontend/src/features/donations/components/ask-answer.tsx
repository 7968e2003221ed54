import { useTranslation } from 'react-i18next';
import type { AskView } from '@hdiya/contracts';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/errors';
import '@/lib/ask-texts';
import { answerAsk } from '../api/asks';

/** The publish form's note when the donation answers a public ask. */
export function AskAnswerNote({ ask }: { ask: AskView }) {
  const { t } = useTranslation();
  return (
    <p className="card form-note" data-testid="ask-answer-note">
      {t('asks.answer.banner', { title: `\u2068${ask.title}\u2069` })}
    </p>
  );
}

/** Offers a donation just published to the ask it answers, and says how it went (the donation stays published either way). */
export function useOfferNewDonation() {
  const { toast } = useToast();
  return async (askId: string, donationId: number) => {
    try {
      await answerAsk(askId, donationId);
      toast({ title: (tr) => tr('asks.answer.sent'), variant: 'success' });
    } catch (error) {
      toast({ title: (tr) => tr('asks.answer.error'), description: (tr) => errorMessage(error, tr, 'asks.answer.error'), variant: 'error' });
    }
  };
}
