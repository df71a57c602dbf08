/**
 * The report button's files, written per company with its add-in key and our address: the Outlook
 * add-in (an XML manifest an admin deploys in the Microsoft 365 admin centre, and its task pane, which
 * uses Office.js from Microsoft's CDN), and the Gmail add-on (an Apps Script project an admin deploys
 * in Google Workspace, handed out as a zip). Both post to POST /api/phishing/report.
 */
import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import yazl from 'yazl';
import { escapePhishingHtml as esc, PHISHING_TRACKING_MESSAGES } from '@vigil/shared';
import type { CspRule } from '../../http/csp.ts';

export const OFFICE_JS = 'https://appsforoffice.microsoft.com/lib/1/hosted/office.js';

/** The hosts that frame an Outlook add-in's task pane (Outlook on the web, new Outlook, outlook.com). */
export const OUTLOOK_FRAME_ANCESTORS = [
  'https://outlook.office.com',
  'https://outlook.office365.com',
  'https://outlook.live.com',
  'https://*.outlook.com',
  'https://*.office.com',
  'https://*.office365.com',
  'https://*.microsoft.com',
];

/** The task pane's policy: its nonce'd scripts and Office.js, framed by Outlook. */
export const taskpaneCsp = (nonce: string): CspRule => ({
  nonce,
  allow: { script: ['https://appsforoffice.microsoft.com'] },
  framedBy: OUTLOOK_FRAME_ANCESTORS,
});

/** A stable GUID per key, so re-downloading the manifest updates the same add-in. */
function addinId(key: string): string {
  const h = createHash('sha256').update(`vigil-outlook-addin\0${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const xml = (text: string) => esc(text);

/** The Outlook add-in's manifest (XML, add-in only manifest, MailApp 1.1 with VersionOverrides). */
export function outlookManifest(args: { publicUrl: string; key: string; productName: string }): string {
  const base = `${args.publicUrl}/api/phishing/addin/${args.key}`;
  const name = `Report phishing (${args.productName})`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<OfficeApp xmlns="http://schemas.microsoft.com/office/appforoffice/1.1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bt="http://schemas.microsoft.com/office/officeappbasictypes/1.0" xmlns:mailappor="http://schemas.microsoft.com/office/mailappversionoverrides/1.0" xsi:type="MailApp">
  <Id>${addinId(args.key)}</Id>
  <Version>1.0.0.0</Version>
  <ProviderName>${xml(args.productName)}</ProviderName>
  <DefaultLocale>en-US</DefaultLocale>
  <DisplayName DefaultValue="${xml(name)}"/>
  <Description DefaultValue="Report a suspicious mail to your security team."/>
  <IconUrl DefaultValue="${xml(base)}/icon-64.png"/>
  <HighResolutionIconUrl DefaultValue="${xml(base)}/icon-128.png"/>
  <SupportUrl DefaultValue="${xml(args.publicUrl)}"/>
  <AppDomains>
    <AppDomain>${xml(args.publicUrl)}</AppDomain>
  </AppDomains>
  <Hosts>
    <Host Name="Mailbox"/>
  </Hosts>
  <Requirements>
    <Sets>
      <Set Name="Mailbox" MinVersion="1.1"/>
    </Sets>
  </Requirements>
  <FormSettings>
    <Form xsi:type="ItemRead">
      <DesktopSettings>
        <SourceLocation DefaultValue="${xml(base)}/taskpane.html"/>
        <RequestedHeight>250</RequestedHeight>
      </DesktopSettings>
    </Form>
  </FormSettings>
  <Permissions>ReadItem</Permissions>
  <Rule xsi:type="RuleCollection" Mode="Or">
    <Rule xsi:type="ItemIs" ItemType="Message" FormType="Read"/>
  </Rule>
  <DisableEntityHighlighting>false</DisableEntityHighlighting>
  <VersionOverrides xmlns="http://schemas.microsoft.com/office/mailappversionoverrides" xsi:type="VersionOverridesV1_0">
    <Requirements>
      <bt:Sets DefaultMinVersion="1.8">
        <bt:Set Name="Mailbox"/>
      </bt:Sets>
    </Requirements>
    <Hosts>
      <Host xsi:type="MailHost">
        <DesktopFormFactor>
          <ExtensionPoint xsi:type="MessageReadCommandSurface">
            <OfficeTab id="TabDefault">
              <Group id="vigilReportGroup">
                <Label resid="groupLabel"/>
                <Control xsi:type="Button" id="vigilReportButton">
                  <Label resid="buttonLabel"/>
                  <Supertip>
                    <Title resid="buttonLabel"/>
                    <Description resid="buttonTip"/>
                  </Supertip>
                  <Icon>
                    <bt:Image size="16" resid="icon16"/>
                    <bt:Image size="32" resid="icon32"/>
                    <bt:Image size="80" resid="icon80"/>
                  </Icon>
                  <Action xsi:type="ShowTaskpane">
                    <SourceLocation resid="taskpaneUrl"/>
                  </Action>
                </Control>
              </Group>
            </OfficeTab>
          </ExtensionPoint>
        </DesktopFormFactor>
      </Host>
    </Hosts>
    <Resources>
      <bt:Images>
        <bt:Image id="icon16" DefaultValue="${xml(base)}/icon-16.png"/>
        <bt:Image id="icon32" DefaultValue="${xml(base)}/icon-32.png"/>
        <bt:Image id="icon80" DefaultValue="${xml(base)}/icon-80.png"/>
      </bt:Images>
      <bt:Urls>
        <bt:Url id="taskpaneUrl" DefaultValue="${xml(base)}/taskpane.html"/>
      </bt:Urls>
      <bt:ShortStrings>
        <bt:String id="groupLabel" DefaultValue="Security"/>
        <bt:String id="buttonLabel" DefaultValue="Report phishing"/>
      </bt:ShortStrings>
      <bt:LongStrings>
        <bt:String id="buttonTip" DefaultValue="Report this mail as phishing to your security team."/>
      </bt:LongStrings>
    </Resources>
  </VersionOverrides>
</OfficeApp>
`;
}

/** The task pane: one button; it sends the open mail's internet headers and text with the add-in key. */
export function outlookTaskpane(args: { key: string; nonce: string }): string {
  const data = JSON.stringify({ key: args.key, url: '/api/phishing/report' }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Report phishing</title>
<script nonce="${args.nonce}" src="${OFFICE_JS}"></script>
<style>body{font:14px/1.5 "Segoe UI",system-ui,sans-serif;color:#1b1f24;margin:0;padding:1rem}
button{font:inherit;font-weight:600;padding:.6rem 1rem;border:0;border-radius:6px;background:#1d4ed8;color:#fff;cursor:pointer}
button:disabled{background:#6b7280}button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}</style></head>
<body><main><h1 style="font-size:1.1rem">Report phishing</h1>
<p>Does this mail look suspicious? Report it to your security team.</p>
<button id="report" type="button">Report this mail</button>
<p id="status" role="status" aria-live="polite"></p></main>
<script nonce="${args.nonce}">(function(){var d=${data};var s=document.getElementById('status'),b=document.getElementById('report');
function say(t){s.textContent=t}
Office.onReady(function(){b.addEventListener('click',function(){var item=Office.context.mailbox.item;b.disabled=true;say('Sending…');
item.getAllInternetHeadersAsync(function(h){item.body.getAsync(Office.CoercionType.Text,function(body){
fetch(d.url,{method:'POST',headers:{'content-type':'application/json',authorization:'Bearer '+d.key},body:JSON.stringify({channel:'outlook',reporterEmail:Office.context.mailbox.userProfile.emailAddress,headers:h.status==='succeeded'?h.value:'',subject:item.subject||'',from:item.from?item.from.displayName+' <'+item.from.emailAddress+'>':'',body:body.status==='succeeded'?body.value:''})})
.then(function(r){return r.json()}).then(function(r){say(r.message||r.description||'${esc(PHISHING_TRACKING_MESSAGES.reportedReal)}')})
.catch(function(){b.disabled=false;say('The report could not be sent. Try again.')})})})})})})();</script>
</body></html>`;
}

/** The Gmail add-on (Apps Script): its manifest, code and a README, zipped. */
export function gmailAddon(args: { publicUrl: string; key: string; productName: string }): Promise<Buffer> {
  const manifest = {
    timeZone: 'Etc/UTC',
    exceptionLogging: 'STACKDRIVER',
    runtimeVersion: 'V8',
    oauthScopes: [
      'https://www.googleapis.com/auth/gmail.addons.execute',
      'https://www.googleapis.com/auth/gmail.addons.current.message.readonly',
      'https://www.googleapis.com/auth/script.external_request',
      'https://www.googleapis.com/auth/userinfo.email',
    ],
    urlFetchWhitelist: [`${args.publicUrl}/`],
    addOns: {
      common: {
        name: `Report phishing (${args.productName})`,
        logoUrl: `${args.publicUrl}/api/phishing/addin/${args.key}/icon-128.png`,
      },
      gmail: { contextualTriggers: [{ unconditional: {}, onTriggerFunction: 'onGmailMessageOpen' }] },
    },
  };
  const code = `// Report phishing: a Gmail add-on of ${args.productName}. Generated for your company; keep the key private.
var REPORT_URL = ${JSON.stringify(`${args.publicUrl}/api/phishing/report`)};
var ADDIN_KEY = ${JSON.stringify(args.key)};

function onGmailMessageOpen(e) {
  var action = CardService.newAction().setFunctionName('reportMessage');
  var button = CardService.newTextButton().setText('Report phishing').setOnClickAction(action);
  var section = CardService.newCardSection()
    .addWidget(CardService.newTextParagraph().setText('Does this mail look suspicious? Report it to your security team.'))
    .addWidget(button);
  return CardService.newCardBuilder().setHeader(CardService.newCardHeader().setTitle('Report phishing')).addSection(section).build();
}

function reportMessage(e) {
  GmailApp.setCurrentMessageAccessToken(e.gmail.accessToken);
  var message = GmailApp.getMessageById(e.gmail.messageId);
  var raw = message.getRawContent();
  var payload = {
    channel: 'gmail',
    reporterEmail: Session.getActiveUser().getEmail(),
    headers: raw.split(/\\r?\\n\\r?\\n/)[0],
    subject: message.getSubject(),
    from: message.getFrom(),
    body: message.getPlainBody(),
    raw: raw.length <= 5000000 ? raw : undefined
  };
  var response = UrlFetchApp.fetch(REPORT_URL, {
    method: 'post',
    contentType: 'application/json',
    headers: { Authorization: 'Bearer ' + ADDIN_KEY },
    payload: JSON.stringify(payload),
    muteHttpExceptions: true
  });
  var text = 'The report could not be sent. Try again.';
  if (response.getResponseCode() === 200) text = JSON.parse(response.getContentText()).message;
  return CardService.newActionResponseBuilder()
    .setNotification(CardService.newNotification().setText(text))
    .build();
}
`;
  const readme = `# Report phishing — Gmail add-on

Generated for your company by ${args.productName}. It adds a "Report phishing" button beside every
open mail in Gmail (web and mobile). A simulated phishing mail is credited as reported; any other
mail is sent to your security team's list (and forwarded to its address when one is set).

Install (a Google Workspace super admin):

1. Open https://script.google.com, create a project, and replace its files with \`Code.gs\` and
   \`appsscript.json\` from this zip (Project settings → "Show appsscript.json manifest file").
2. Deploy → Test deployments → Gmail → Install, to try it on your own mailbox.
3. For everyone: link the script to a Google Cloud project, configure the OAuth consent screen as
   Internal, then publish it on the Google Workspace Marketplace SDK as a private app and install it
   for your domain (Admin console → Apps → Google Workspace Marketplace apps).

The key in \`Code.gs\` identifies your company; if it leaks, make a new one in Settings → Report
button ("Renew address and key") and install the add-on again.
`;
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), 'appsscript.json');
    zip.addBuffer(Buffer.from(code), 'Code.gs');
    zip.addBuffer(Buffer.from(readme), 'README.md');
    zip.end();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const icons = new Map<number, Buffer>();
/** The button's icon: a white exclamation mark on a blue square, drawn at the size asked. */
export function reportIcon(size: number): Buffer {
  const cached = icons.get(size);
  if (cached) return cached;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = [0];
    for (let x = 0; x < size; x++) {
      const u = x / size;
      const v = y / size;
      const bar = Math.abs(u - 0.5) < 0.08 && ((v > 0.18 && v < 0.62) || (v > 0.72 && v < 0.84));
      row.push(...(bar ? [255, 255, 255] : [29, 78, 216]));
    }
    rows.push(Buffer.from(row));
  }
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  icons.set(size, png);
  return png;
}

export const ICON_SIZES = [16, 32, 64, 80, 128] as const;
