import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { SignInRedirect } from '@/components/sign-in-redirect';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { PageLoading, PageShell } from '@/components/ui/page';
import { useToast } from '@/components/ui/toast';
import { useUser } from '@/lib/auth';
import { DEFAULT_CITY } from '@/lib/cities';
import { donationHref } from '@/lib/donations';
import '@/lib/donation-form-texts';
import { errorMessage } from '@/lib/errors';
import { requestDevicePosition, type Coordinates } from '@/lib/location';
import { usePageTitle } from '@/lib/use-page-title';
import { useAsk } from '../api/asks';
import { useCreateDonation } from '../api/create-donation';
import { AskAnswerNote, useOfferNewDonation } from '../components/ask-answer';
import { DonationForm } from '../components/donation-form';
import { photoUrlsOf, type DonationFormValues } from '../lib/donation-form';
import { hasContent, readDraft, removeDraft, writeDraft, type Draft } from '../lib/donation-draft';
import '../components/donations.css';
import { MapPin } from 'lucide-react';
import { pointsText } from '@/lib/points-text';
import { POINTS_FIGURES } from '@/lib/points-rules';

const EMPTY: DonationFormValues = { title: '', description: '', categoryId: 1, city: DEFAULT_CITY, photos: [], allocationHours: null };

/** /create-donation (docs/product.md#giving-an-item): members only; the donor's rewards come once the item is given. */
export function CreateDonationPage() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  usePageTitle(t('donations.form.createTitle'));

  // Pending, or the session call failed (offline): not known yet; only null is signed out.
  if (user === undefined) return <PageLoading text={t('donations.form.checkingSession')} testId="auth-checking" />;
  if (!user) return <SignInRedirect />;

  return (
    <PageShell title={t('donations.form.createTitle')} lead={t('donations.form.createLead')} className="page--form" testId="create-donation-page">
      <div className="split-layout form-layout">
        <CreateDonationForm memberId={user.id} />
        <aside className="card points-rule" data-testid="points-rule">
          <h2 className="points-rule__title">{t('donations.form.pointsCardTitle')}</h2>
          <p className="points-rule__balance" data-testid="create-points-balance">
            {pointsText(t, user.points)}
          </p>
          <ul className="plain-list stack points-rule__list">
            <li>
              <strong className="points-rule__plus" dir="ltr">
                +{POINTS_FIGURES.giftReward}
              </strong>{' '}
              {t('donations.form.pointsRuleEarn')}
            </li>
            <li>
              <strong className="points-rule__minus" dir="ltr">
                −{POINTS_FIGURES.reservationCost}
              </strong>{' '}
              {t('donations.form.pointsRuleSpend')}
            </li>
          </ul>
          <p className="muted points-rule__limits">{t('donations.form.pointsRuleLimits')}</p>
        </aside>
      </div>
    </PageShell>
  );
}

/** The publish form, kept as the member's draft on this device until published or discarded (decision 0061). */
function CreateDonationForm({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const create = useCreateDonation();
  // Publishing for a public ask (`?ask=`, from /asks): the new donation is offered to it.
  const answering = useAsk(useSearchParams()[0].get('ask'));
  const offerToAsk = useOfferNewDonation();
  // Asked as the form opens, so the answer is usually there by the time the member submits.
  const devicePosition = useRef<Promise<Coordinates | null>>(Promise.resolve(null));
  const [locationFailed, setLocationFailed] = useState(false);
  // Read once: the form starts from the draft a reload or another tab left, if any.
  const [draft, setDraft] = useState<Draft | null>(() => readDraft(memberId, EMPTY));
  const [drafting, setDrafting] = useState(draft !== null);
  const [formKey, setFormKey] = useState(0);
  const [discarding, setDiscarding] = useState(false);

  function discard() {
    removeDraft(memberId);
    setDraft(null);
    setDrafting(false);
    setDiscarding(false);
    setFormKey((key) => key + 1); // a fresh, empty form
    toast({ title: (tr) => tr('donationForm.draft.discarded'), variant: 'success' });
  }

  useEffect(() => {
    let live = true;
    devicePosition.current = requestDevicePosition().catch(() => {
      if (live) setLocationFailed(true);
      return null;
    });
    return () => {
      live = false;
    };
  }, []);

  async function submit(values: DonationFormValues) {
    // Without the device's position the server places the donation at the chosen city.
    const coordinates = await devicePosition.current;
    let donation;
    try {
      donation = await create.mutateAsync({
        title: values.title.trim(),
        description: values.description.trim(),
        categoryId: values.categoryId,
        city: values.city,
        photos: photoUrlsOf(values.photos),
        ...(coordinates ? { latitude: coordinates.lat, longitude: coordinates.lng } : {}),
        ...(values.allocationHours ? { allocation: { mode: 'choose', closesAt: new Date(Date.now() + values.allocationHours * 3_600_000).toISOString() } } : {}),
      });
    } catch (error) {
      toast({ title: (tr) => tr('donations.form.createError'), description: (tr) => errorMessage(error, tr, 'donations.form.createErrorFallback'), variant: 'error' });
      throw error;
    }
    removeDraft(memberId);
    if (answering.data) await offerToAsk(answering.data.id, donation.id);
    else {
      const href = donationHref(donation.id);
      toast({
        title: (tr) => tr('donations.form.createSuccess'),
        description: (tr) => tr('donations.form.createSuccessText'),
        variant: 'success',
        action: { label: (tr) => tr('donations.form.backToDonation'), href },
      });
    }
    // Its page, with the share buttons first: the moment a donor most wants to tell people.
    navigate(donationHref(donation.id), { state: { published: true } });
  }

  return (
    <>
    <DonationForm
      key={formKey}
      mode="create"
      initial={draft?.values ?? EMPTY}
      onSubmit={submit}
      pending={create.isPending}
      onValuesChange={(values) => {
        writeDraft(memberId, values);
        setDrafting(hasContent(values));
      }}
      header={
        draft && (
          <div className="stack draft-note" role="status" data-testid="draft-restored">
            <p className="draft-note">{t('donationForm.draft.restored')}</p>
            {draft.droppedPhotos > 0 && <p className="draft-note muted">{t('donationForm.draft.photosDropped')}</p>}
          </div>
        )
      }
      actions={
        drafting && (
          <>
            <span className="muted draft-note" data-testid="draft-saved">
              {t('donationForm.draft.saved')}
            </span>
            <Button variant="ghost" onClick={() => setDiscarding(true)} data-testid="draft-discard">
              {t('donationForm.draft.discard')}
            </Button>
          </>
        )
      }
      notice={
        answering.data ? (
          <AskAnswerNote ask={answering.data} />
        ) : locationFailed ? (
          <p className="muted form-note" data-testid="location-fallback-note">
            <MapPin className="icon" aria-hidden="true" /> {t('donations.form.locationFallback')}
          </p>
        ) : null
      }
    />
    <ConfirmDialog
      open={discarding}
      onClose={() => setDiscarding(false)}
      onConfirm={discard}
      title={t('donationForm.draft.discardTitle')}
      text={t('donationForm.draft.discardText')}
      confirmLabel={t('donationForm.draft.discard')}
      testId="draft-discard-dialog"
    />
    </>
  );
}
