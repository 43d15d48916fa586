'use client';

import { useEffect, useId, useRef, useState } from 'react';
import type { ConfirmationResult } from 'firebase/auth';
import { useAppRouter } from '@/components/ui/use-app-router';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ApiClientError, errorMessageOf } from '@/lib/api-client/fetcher';
import { CodeSheet, RESEND_SECONDS } from './code-sheet';
import { confirmFirebaseCode, firebaseFailureOf, sendFirebaseCode, type FirebasePublicConfig } from './firebase-phone';
import { PrivacyDialog } from './privacy-dialog';
import { nameProblem } from './profile-name';
import { logout } from '@/components/shell/logout';
import { NAME_MAX } from '@/lib/validation/limits';
import './onboarding.css';
import {
  completeProfile,
  isPhoneTakenByOther,
  requestCode,
  verifyCode,
  verifyFailureOf,
  type CodeRequest,
} from './verification';

/** The element the invisible reCAPTCHA binds to (Firebase provider). */
const CAPTCHA_ID = 'phone-captcha';

/** The phone libraries (./phone-field), loaded after hydration. */
type PhoneField = typeof import('./phone-field');

export type OnboardingFormProps = {
  email: string;
  firstName: string;
  surname: string;
  /** Starting value of the phone field: the account's number in E.164, or `''`. */
  initialPhone: string;
  supportEmail: string;
  /** Public Firebase config when phones are verified by Firebase (PHONE_PROVIDER=firebase). */
  firebase?: FirebasePublicConfig | null;
  /** ISO codes of the countries whose numbers the business accepts (its `phone_countries`). */
  phoneCountries: string[];
  /** Their Spanish names as a list (`España y Portugal`), for the hint and the refusal. */
  phoneCountryNames: string;
  /** A same-origin path to open once finished (a held booking of `/reservar`), else home. */
  next?: string;
};

/**
 * Creación de cuenta (spec sections 2, 4 and 5): name, surname, international phone and the privacy
 * checkbox; Finalizar checks the phone is unused, requests an SMS code and opens the code sheet;
 * a verified code saves the profile and goes home (or to `next`: the booking a visitor held). Everything the server would refuse after the code
 * (names over NAME_MAX, a number of a country the business does not accept) is refused here first, so no
 * SMS is spent on it; the accepted countries are listed under the phone field. Cerrar sesión leaves.
 */
export function OnboardingForm({
  email,
  firstName,
  surname: initialSurname,
  initialPhone,
  supportEmail,
  firebase,
  phoneCountries,
  phoneCountryNames,
  next,
}: OnboardingFormProps) {
  const t = useTranslations('onboarding');
  const tc = useTranslations('common');
  const router = useAppRouter();
  const ids = { name: useId(), surname: useId(), nameError: useId(), surnameError: useId(), phone: useId(), phoneError: useId(), privacy: useId(), privacyText: useId(), privacyLink: useId() };

  const [name, setName] = useState(firstName);
  const [surname, setSurname] = useState(initialSurname);
  const [phone, setPhone] = useState(initialPhone);
  const [phoneTouched, setPhoneTouched] = useState(false);
  /** True from the first focus of the phone field: its error line's room is kept from then on. */
  const [phoneEngaged, setPhoneEngaged] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const [privacyOpen, setPrivacyOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [codeRequest, setCodeRequest] = useState<CodeRequest | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const [sheetOpen, setSheetOpen] = useState(false);
  const confirmation = useRef<ConfirmationResult | null>(null);
  // The phone input and its rules load after the first paint; until then a look-alike stands in.
  const [phoneField, setPhoneField] = useState<PhoneField | null>(null);
  useEffect(() => {
    let live = true;
    import('./phone-field').then(
      (m) => live && setPhoneField(m),
      (err: unknown) => console.error('The phone input could not be loaded', err),
    );
    return () => {
      live = false;
    };
  }, []);

  const phoneValid = phoneField ? phoneField.isValidPhone(phone) : false;
  // A valid number of a country the business does not take: said at once, before any code is sent.
  const phoneRefused = phoneValid && phoneField !== null && !phoneField.phoneCountryAllowed(phone, phoneCountries);
  const names = nameProblem(name, surname);
  const namesError = names ? t(names.key, { max: NAME_MAX, excess: names.excess }) : null;
  const canFinish = name.trim() !== '' && surname.trim() !== '' && !names && phoneValid && !phoneRefused && accepted;
  const showPhoneError = phoneTouched && !phoneValid;
  const phoneNote = phoneRefused
    ? t('phoneCountryRefused', { countries: phoneCountryNames, count: phoneCountries.length })
    : showPhoneError
      ? t('invalidPhone')
      : t('phoneCountriesHint', { countries: phoneCountryNames });

  /** Requests a code for the current phone; returns an error message or null. */
  const sendCode = async (): Promise<string | null> => {
    try {
      const request = await requestCode(email, phone);
      if (request.provider === 'firebase') {
        if (!firebase) {
          console.error('Firebase phone verification is not configured');
          return tc('genericError');
        }
        try {
          confirmation.current = await sendFirebaseCode(firebase, phone, CAPTCHA_ID);
        } catch (err) {
          console.error('Firebase could not send the code', err);
          return t('codeOther');
        }
      }
      setCodeRequest(request);
      setResendAt(Date.now() + RESEND_SECONDS * 1000);
      return null;
    } catch (err) {
      if (err instanceof ApiClientError && err.code === 'phone_taken') return t('phoneTaken');
      return errorMessageOf(err, tc('genericError'));
    }
  };

  const finish = async () => {
    if (!canFinish || busy) return;
    setFormError(null);
    // A code already sent to this number is still usable: just reopen the sheet.
    if (codeRequest?.tlf === phone) return setSheetOpen(true);
    setBusy(true);
    try {
      if (await isPhoneTakenByOther(phone, email)) return setFormError(t('phoneTaken'));
      const failure = await sendCode();
      if (failure) return setFormError(failure);
      setSheetOpen(true);
    } catch (err) {
      setFormError(errorMessageOf(err, tc('genericError')));
    } finally {
      setBusy(false);
    }
  };

  const verifyAndSave = async (code: string): Promise<string | null> => {
    try {
      if (codeRequest?.provider === 'firebase') {
        if (!confirmation.current) return t('sendFirst');
        let idToken: string;
        try {
          idToken = await confirmFirebaseCode(confirmation.current, code);
        } catch (err) {
          return t(firebaseFailureOf(err));
        }
        await verifyCode(email, { id_token: idToken });
      } else {
        await verifyCode(email, { code });
      }
    } catch (err) {
      return t(verifyFailureOf(err));
    }
    try {
      await completeProfile(email, { firstName: name, surname }, phone);
    } catch (err) {
      return errorMessageOf(err, t('saveError'));
    }
    router.replace(next ?? '/');
    router.refresh();
    return null;
  };

  return (
    <div className="onboarding">
      <div id={CAPTCHA_ID} />
      <h1 className="page-title">{t('title')}</h1>
      <p className="muted">{t('welcome')}</p>
      <Card>
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void finish();
          }}
        >
          <div className="field">
            <label htmlFor={ids.name}>{t('name')}</label>
            <input
              id={ids.name}
              className="input"
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoComplete="given-name"
              maxLength={NAME_MAX}
              required
              aria-invalid={names?.field === 'name' || undefined}
              aria-describedby={names?.field === 'name' ? ids.nameError : undefined}
            />
            {names?.field === 'name' && (
              <p id={ids.nameError} className="field-error">
                {namesError}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor={ids.surname}>{t('surname')}</label>
            <input
              id={ids.surname}
              className="input"
              value={surname}
              onChange={(e) => setSurname(e.target.value)}
              autoComplete="family-name"
              maxLength={NAME_MAX}
              required
              aria-invalid={names?.field === 'surname' || undefined}
              aria-describedby={names?.field === 'surname' ? ids.surnameError : undefined}
            />
            {names?.field === 'surname' && (
              <p id={ids.surnameError} className="field-error">
                {namesError}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor={ids.phone}>{t('phone')}</label>
            {phoneField ? (
              <phoneField.PhoneInput
                id={ids.phone}
                value={phone}
                onChange={(value) => {
                  setPhone(value);
                  setFormError(null);
                }}
                onFocus={() => setPhoneEngaged(true)}
                onBlur={() => setPhoneTouched(true)}
                invalid={showPhoneError || phoneRefused}
                describedBy={ids.phoneError}
              />
            ) : (
              <PhonePlaceholder />
            )}
            {/*
              Under the field: the hint (SMS, accepted countries), or in its place what is wrong with the number.
              Once the field is in use the room of the taller of the hint and the invalid-number message is kept,
              so nothing below moves when one replaces the other on blur (a tap on the privacy checkbox must not land
              while the card shifts).
            */}
            <div className={`field-error-slot${phoneEngaged ? ' is-reserved' : ''}`}>
              <span className="field-error field-error-sizer" aria-hidden="true">
                {t('invalidPhone')}
              </span>
              <span className="field-hint field-error-sizer" aria-hidden="true">
                {t('phoneCountriesHint', { countries: phoneCountryNames })}
              </span>
              <p id={ids.phoneError} className={showPhoneError || phoneRefused ? 'field-error' : 'field-hint'} aria-live="polite">
                {phoneNote}
              </p>
            </div>
          </div>
          <div className="checkbox-row">
            <input
              id={ids.privacy}
              type="checkbox"
              checked={accepted}
              onChange={(e) => setAccepted(e.target.checked)}
              aria-labelledby={`${ids.privacyText} ${ids.privacyLink}`}
            />
            <label htmlFor={ids.privacy} id={ids.privacyText}>
              {t('privacyAccept')}
            </label>{' '}
            <button type="button" id={ids.privacyLink} className="link-btn" onClick={() => setPrivacyOpen(true)}>
              {t('privacyLink')}
            </button>
          </div>
          <p className="form-error" role="alert">
            {formError}
          </p>
          <Button type="submit" block disabled={!canFinish} busy={busy}>
            {t('finish')}
          </Button>
        </form>
      </Card>
      <p className="onboarding-leave">
        <button
          type="button"
          className="link-btn"
          disabled={leaving}
          onClick={async () => {
            setLeaving(true);
            await logout(tc('genericError'));
            setLeaving(false);
          }}
        >
          {tc('logout')}
        </button>
      </p>
      <PrivacyDialog
        open={privacyOpen}
        onClose={() => setPrivacyOpen(false)}
        onAccept={() => {
          setAccepted(true);
          setPrivacyOpen(false);
        }}
        supportEmail={supportEmail}
      />
      <CodeSheet
        open={sheetOpen}
        onClose={() => setSheetOpen(false)}
        phone={(phoneField ? phoneField.formatForDisplay(phone) : phone).replace(/ /g, '\u00a0')}
        requested={codeRequest !== null}
        resendAt={resendAt}
        onVerify={verifyAndSave}
        onResend={sendCode}
      />
    </div>
  );
}

/**
 * The phone input's look (country button + number field, Spain) while its libraries load: inert and hidden
 * from assistive technology, so nothing can be typed into it and the label names only the real field.
 */
function PhonePlaceholder() {
  return (
    <div className="phone-input" aria-hidden="true">
      <div className="phone-country-picker">
        <span className="phone-country">
          <span className="phone-iso">ES</span>
          <span className="phone-dial">+34</span>
        </span>
      </div>
      <input className="input phone-number" disabled tabIndex={-1} readOnly value="" />
    </div>
  );
}
