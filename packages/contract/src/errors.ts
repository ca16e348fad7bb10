import { z } from 'zod';

/** Every failed API call answers with this body (ARCHITECTURE §4 "API conventions"). */
export const ZApiError = z.object({
  detail: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

export const MESSAGES = {
  badRequest: 'Die Anfrage ist ungültig.',
  invalidCharacters: 'Die Eingabe enthält ungültige Zeichen.',
  validation: 'Bitte überprüfen Sie Ihre Eingaben.',
  unauthorized: 'Bitte melden Sie sich an.',
  forbidden: 'Sie haben keine Berechtigung für diese Aktion.',
  notFound: 'Die angeforderte Ressource wurde nicht gefunden.',
  tooLarge: 'Die Anfrage ist zu groß.',
  unsupportedMediaType: 'Dieser Dateityp wird nicht unterstützt.',
  badUrl: 'Die Adresse der Anfrage ist ungültig.',
  urlTooLong: 'Die Adresse der Anfrage ist zu lang.',
  headersTooLarge: 'Die Kopfzeilen der Anfrage sind zu groß.',
  unsupportedContentType: 'Dieses Format der Anfrage wird nicht unterstützt.',
  invalidJson: 'Der Inhalt der Anfrage ist kein gültiges JSON.',
  malformedForm: 'Das Formular ist fehlerhaft oder unvollständig übertragen worden.',
  tooManyParts: 'Das Formular enthält zu viele Felder oder Dateien.',
  incompleteRequest: 'Die Anfrage ist nicht vollständig angekommen. Bitte versuchen Sie es erneut.',
  requestTimeout: 'Die Anfrage hat zu lange gedauert. Bitte versuchen Sie es erneut.',
  tooManyRequests: 'Zu viele Anfragen. Bitte versuchen Sie es in einer Minute erneut.',
  internal: 'Es ist ein interner Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
  unavailable: 'Der Dienst ist vorübergehend nicht verfügbar.',
  diskFull:
    'Der Speicherplatz des Servers ist voll, deshalb wurde nichts gespeichert. Bitte versuchen Sie es später noch einmal.',
  uploadExpired: 'Das Hochladen hat zu lange gedauert. Bitte laden Sie die Datei erneut hoch.',
  databaseUnavailable:
    'Die Datenbank ist gerade nicht erreichbar. Bitte versuchen Sie es in einer Minute noch einmal.',
} as const;
