/**
 * Which gateway the till talks to: the one built in, or a hosted one at a URL with its merchant key.
 * The key is write-only: the screen only says whether one is stored for this URL (README, "Security").
 */
import type { TillSettings } from '../../../shared/posapi.js';
import { t } from '../../app/text.js';
import { describedBy, FieldProblem } from './FieldProblem.js';
import type { EditForm, FormProblems, SetupForm, SetupMessage } from './setup-form.js';

interface KeyFieldProps {
  form: SetupForm;
  edit: EditForm;
  keySet: boolean;
  message: SetupMessage | null;
}

/** A shop server's till key for this till (write-only, as the merchant key). */
function TillKeyField({ form, edit, keySet, message }: KeyFieldProps) {
  return (
    <>
      <label>
        {t('gatewayTillKey')}
        <input
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={form.gatewayTillKey}
          onChange={(e) => edit({ gatewayTillKey: e.target.value.trim() })}
          aria-invalid={message?.field === 'gateway.tillKey'}
          aria-describedby="gateway-till-key-hint"
        />
      </label>
      <small id="gateway-till-key-hint">
        {keySet ? `${t('gatewayTillKeyIsSet')} ${t('gatewayTillKeyHint')}` : t('gatewayTillKeyHint')}
      </small>
    </>
  );
}

function HostedGateway({
  form,
  edit,
  keySet,
  tillKeySet,
  message,
  problems,
}: KeyFieldProps & { tillKeySet: boolean; problems: FormProblems }) {
  return (
    <>
      <label>
        {t('gatewayUrl')}
        <input
          id="gateway-url"
          type="url"
          value={form.gatewayUrl}
          onChange={(e) => edit({ gatewayUrl: e.target.value })}
          placeholder="https://gateway.example"
          aria-invalid={message?.field === 'gateway.baseUrl' || problems.gatewayUrl !== undefined}
          aria-describedby={describedBy('gateway-url', problems.gatewayUrl, 'setup-message')}
          required
        />
      </label>
      <FieldProblem inputId="gateway-url" problem={problems.gatewayUrl} />
      <label>
        {t('gatewayKey')}
        <input
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={form.gatewayKey}
          onChange={(e) => edit({ gatewayKey: e.target.value.trim() })}
          aria-invalid={message?.field === 'gateway.merchantKey'}
          aria-describedby="gateway-key-hint"
        />
      </label>
      <small id="gateway-key-hint">
        {keySet ? `${t('gatewayKeyIsSet')} ${t('gatewayKeyHint')}` : t('gatewayKeyHint')}
      </small>
      <TillKeyField form={form} edit={edit} keySet={tillKeySet} message={message} />
    </>
  );
}

export function GatewayChoice({
  form,
  edit,
  settings,
  message,
  problems,
}: {
  form: SetupForm;
  edit: EditForm;
  settings: TillSettings;
  message: SetupMessage | null;
  problems: FormProblems;
}) {
  // A stored key belongs to the stored URL; a new URL needs its own key.
  const sameUrl = settings.gateway.kind === 'hosted' && settings.gateway.baseUrl === form.gatewayUrl;
  const keySet = sameUrl && settings.gateway.kind === 'hosted' && settings.gateway.merchantKeySet;
  const tillKeySet = sameUrl && settings.gateway.kind === 'hosted' && settings.gateway.tillKeySet === true;
  return (
    <fieldset>
      <legend>{t('gatewayKind')}</legend>
      <label className="inline">
        <input
          type="radio"
          name="gateway"
          checked={form.gatewayKind === 'embedded'}
          onChange={() => edit({ gatewayKind: 'embedded' })}
        />{' '}
        {t('gatewayEmbedded')}
      </label>
      <label className="inline">
        <input
          type="radio"
          name="gateway"
          checked={form.gatewayKind === 'hosted'}
          onChange={() => edit({ gatewayKind: 'hosted' })}
        />{' '}
        {t('gatewayHosted')}
      </label>
      {form.gatewayKind === 'hosted' ? (
        <HostedGateway
          form={form}
          edit={edit}
          keySet={keySet}
          tillKeySet={tillKeySet}
          message={message}
          problems={problems}
        />
      ) : null}
    </fieldset>
  );
}
