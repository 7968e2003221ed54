import { useTranslation } from 'react-i18next';
import { SignInRedirect } from '@/components/sign-in-redirect';
import { useNavigate, useParams } from 'react-router-dom';
import { LinkButton } from '@/components/ui/button';
import { PageLoading, PageShell } from '@/components/ui/page';
import { useToast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { donationHref, type Donation } from '@/lib/donations';
import { errorMessage } from '@/lib/errors';
import { usePageTitle } from '@/lib/use-page-title';
import { useDonation } from '../api/get-donation';
import type { UpdateDonationInput as UpdateDonationChanges } from '@hdiya/contracts';
import { useUpdateDonation } from '../api/update-donation';
import { DonationForm } from '../components/donation-form';
import { photoUrlsOf, type DonationFormValues } from '../lib/donation-form';
import { photosOf } from '../lib/photos';
import '../components/donations.css';

function valuesOf(donation: Donation): DonationFormValues {
  return {
    title: donation.title,
    description: donation.description,
    categoryId: donation.categoryId,
    city: donation.city,
    photos: photosOf(donation).map((photo) => ({ id: photo.imageUrl, imageUrl: photo.imageUrl, previewUrl: photo.imageUrl, uploading: false })),
  };
}

/** Only what changed is sent; the photos only when their list or order changed. */
function changesOf(donation: Donation, values: DonationFormValues): UpdateDonationChanges {
  const changes: UpdateDonationChanges = {};
  if (values.title.trim() !== donation.title) changes.title = values.title.trim();
  if (values.description.trim() !== donation.description) changes.description = values.description.trim();
  if (values.categoryId !== donation.categoryId) changes.categoryId = values.categoryId;
  if (values.city !== donation.city) changes.city = values.city;
  const photos = photoUrlsOf(values.photos);
  if (photos.join('\n') !== photosOf(donation).map((photo) => photo.imageUrl).join('\n')) changes.photos = photos;
  return changes;
}

/** /edit-donation/:id: the owner's edit of an available donation. */
export function EditDonationPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const donationId = /^\d+$/.test(id ?? '') ? Number(id) : NaN;
  const { data: user } = useUser();
  const donation = useDonation(donationId);
  usePageTitle(t('donations.form.editTitle'));

  // Pending, or the session call failed (offline): not known yet; only null is signed out.
  if (user === undefined) return <PageLoading text={t('donations.form.checkingSession')} testId="auth-checking" />;
  if (!user) return <SignInRedirect />;

  const notFound = Number.isNaN(donationId) || (isApiError(donation.error) && donation.error.status === 404);
  let blocked: { testId: string; text: string } | null = null;
  if (notFound) blocked = { testId: 'donation-not-found', text: t('donations.detail.notFound') };
  else if (donation.isError) blocked = { testId: 'donation-error', text: errorMessage(donation.error, t, 'donations.detail.error') };
  else if (donation.data && donation.data.userId !== user.id) blocked = { testId: 'edit-forbidden', text: t('errors.DONATION_NOT_OWNER') };
  else if (donation.data && donation.data.status !== 'available') blocked = { testId: 'edit-not-editable', text: t('errors.DONATION_NOT_EDITABLE') };

  if (blocked) {
    return (
      <div className="container page">
        <div className="card empty-state" role="alert" data-testid={blocked.testId}>
          <h1>{t('donations.form.editTitle')}</h1>
          <p>{blocked.text}</p>
          <div className="row">
            {donation.data && <LinkButton to={donationHref(donation.data.id)}>{t('donations.form.backToDonation')}</LinkButton>}
            <LinkButton to="/donations" variant="outline">
              {t('donations.detail.back')}
            </LinkButton>
          </div>
        </div>
      </div>
    );
  }

  return (
    <PageShell title={t('donations.form.editTitle')} className="page--form" testId="edit-donation-page">
      {donation.data ? (
        <EditForm key={donation.data.id} donation={donation.data} />
      ) : (
        <div className="card stack" aria-busy="true" data-testid="donation-loading">
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--line skeleton--wide" />
          <span className="skeleton skeleton--line" />
        </div>
      )}
    </PageShell>
  );
}

function EditForm({ donation }: { donation: Donation }) {
  const { toast } = useToast();
  const navigate = useNavigate();
  const update = useUpdateDonation();

  async function submit(values: DonationFormValues) {
    const changes = changesOf(donation, values);
    if (Object.keys(changes).length > 0) {
      try {
        await update.mutateAsync({ id: donation.id, changes });
      } catch (error) {
        toast({ title: (tr) => tr('donations.form.editError'), description: (tr) => errorMessage(error, tr, 'donations.form.editErrorFallback'), variant: 'error' });
        throw error;
      }
    }
    toast({ title: (tr) => tr('donations.form.editSuccess'), description: (tr) => tr('donations.form.editSuccessText'), variant: 'success' });
    navigate(donationHref(donation.id));
  }

  return <DonationForm mode="edit" initial={valuesOf(donation)} onSubmit={submit} pending={update.isPending} />;
}
