import { Clock, Mail, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from '@/components/link';
import { PageShell } from '@/components/ui/page';
import { usePageTitle } from '@/lib/use-page-title';
import { ContactForm } from '../components/contact-form';
import './contact.css';

const INFO_CARDS = [
  { id: 'email', Icon: Mail, value: 'contact@hdiya.ma', href: 'mailto:contact@hdiya.ma' },
  { id: 'location', Icon: MapPin, value: null, href: null },
  { id: 'response', Icon: Clock, value: null, href: null },
] as const;

const HOURS = ['weekdays', 'saturday', 'sunday'] as const;

const FAQ_LINKS = [
  { to: '/how-it-works', key: 'contact.faq.howItWorks' },
  { to: '/terms-of-service', key: 'contact.faq.terms' },
  { to: '/privacy-policy', key: 'contact.faq.privacy' },
] as const;

export function ContactPage() {
  const { t } = useTranslation();
  usePageTitle(t('contact.title'));
  return (
    <PageShell title={t('contact.title')} lead={t('contact.subtitle')} testId="contact-page">
      <div className="split-layout contact-layout">
        <aside className="stack">
          {INFO_CARDS.map((card) => (
            <div key={card.id} className="card contact-info">
              <span className="contact-info__icon">
                <card.Icon className="icon icon--lg" aria-hidden="true" />
              </span>
              <div>
                <h2 className="contact-info__title">{t(`contact.info.${card.id}.title`)}</h2>
                {card.href ? (
                  <a href={card.href} dir="ltr">
                    {card.value}
                  </a>
                ) : (
                  <p className="muted">{t(`contact.info.${card.id}.text`)}</p>
                )}
              </div>
            </div>
          ))}

          <div className="card" data-testid="support-hours">
            <h2 className="contact-info__title">{t('contact.hours.title')}</h2>
            <dl className="contact-hours">
              {HOURS.map((day) => (
                <div key={day} className="contact-hours__row">
                  <dt>{t(`contact.hours.${day}.day`)}</dt>
                  <dd>{t(`contact.hours.${day}.time`)}</dd>
                </div>
              ))}
            </dl>
          </div>

          <div className="card">
            <h2 className="contact-info__title">{t('contact.faq.title')}</h2>
            <ul className="contact-faq">
              {FAQ_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="link-arrow">
                    {t(link.key)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </aside>

        <ContactForm />
      </div>
    </PageShell>
  );
}
