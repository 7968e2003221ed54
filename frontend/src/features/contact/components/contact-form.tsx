import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { InputField, TextareaField } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/errors';
import { useFormFields } from '@/lib/use-form-fields';
import { useSendContactMessage, type ContactMessageInput } from '../api/send-contact-message';
import { validateContact, type ContactErrors } from '../lib/validation';

const EMPTY: ContactMessageInput = { name: '', email: '', subject: '', message: '' };

export function ContactForm() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const send = useSendContactMessage();
  const { values, setValues, field } = useFormFields(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});

  const bind = (name: keyof ContactMessageInput) => ({ ...field(name), error: errors[name] ? t(errors[name]) : undefined });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateContact(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const input: ContactMessageInput = {
      name: values.name.trim(),
      email: values.email.trim(),
      subject: values.subject.trim(),
      message: values.message.trim(),
    };
    send.mutate(input, {
      onSuccess: () => {
        setValues(EMPTY);
        toast({ title: (tr) => tr('contact.form.success'), description: (tr) => tr('contact.form.successDescription'), variant: 'success' });
      },
      onError: (error) =>
        toast({ title: (tr) => tr('common.error'), description: (tr) => errorMessage(error, tr, 'contact.form.errorFallback'), variant: 'error' }),
    });
  }

  return (
    <form className="card stack" onSubmit={onSubmit} noValidate data-testid="contact-form">
      <h2 className="section__title">{t('contact.form.title')}</h2>
      <div className="form-grid">
        <InputField id="contact-name" label={t('contact.form.name')} autoComplete="name" {...bind('name')} />
        <InputField id="contact-email" type="email" label={t('contact.form.email')} autoComplete="email" {...bind('email')} />
      </div>
      <InputField id="contact-subject" label={t('contact.form.subject')} {...bind('subject')} />
      <TextareaField id="contact-message" label={t('contact.form.message')} rows={6} {...bind('message')} />
      <div>
        <Button type="submit" loading={send.isPending} data-testid="contact-submit">
          {t('contact.form.submit')}
        </Button>
      </div>
    </form>
  );
}
