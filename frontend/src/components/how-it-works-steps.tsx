import { Camera, Handshake, MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import './how-it-works-steps.css';

const STEPS = [
  { id: 1, Icon: Camera },
  { id: 2, Icon: MessageCircle },
  { id: 3, Icon: Handshake },
] as const;

/** The three steps of docs/product.md#home: describe, arrange the collection, hand over and earn points. */
export function HowItWorksSteps() {
  const { t } = useTranslation();
  return (
    <ol className="steps" data-testid="how-it-works-steps">
      {STEPS.map((step) => (
        <li key={step.id} className="card steps__item">
          <span className="steps__icon">
            <step.Icon className="icon icon--lg" aria-hidden="true" />
          </span>
          <span className="steps__number">{step.id}</span>
          <h3>{t(`common.steps.${step.id}.title`)}</h3>
          <p className="muted">{t(`common.steps.${step.id}.text`)}</p>
        </li>
      ))}
    </ol>
  );
}
