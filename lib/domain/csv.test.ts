import { appointmentsCsvName, csvAmount, csvDate, csvDocument, csvField, csvTime } from './csv';
import { instantOf } from './time';

describe('csv fields', () => {
  it.each([
    ['plain text stays as it is', 'Corte de pelo', 'Corte de pelo'],
    ['accents stay as they are', 'José Álvarez Núñez', 'José Álvarez Núñez'],
    ['a separator is quoted', 'Pérez; hija', '"Pérez; hija"'],
    ['quotes are doubled inside quotes', 'Ana "la rubia"', '"Ana ""la rubia"""'],
    ['a line break is quoted', 'línea 1\nlínea 2', '"línea 1\nlínea 2"'],
    ['a CRLF is quoted', 'a\r\nb', '"a\r\nb"'],
    ['a comma needs no quotes (it is not the separator)', '25,00', '25,00'],
    ['= starts a formula: apostrophe', '=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ['+ starts a formula: apostrophe', '+34 612', "'+34 612"],
    ['- starts a formula: apostrophe', '-1+1', "'-1+1"],
    ['@ starts a formula: apostrophe', '@SUM(A1)', "'@SUM(A1)"],
    ['a tab first: apostrophe', '\t=1', "'\t=1"],
    ['a formula character later is harmless', 'Ana=Eva', 'Ana=Eva'],
    ['empty stays empty', '', ''],
  ] as const)('%s', (_, value, written) => {
    expect(csvField(value)).toBe(written);
  });
});

describe('csv document', () => {
  it('starts with the BOM, separates with ; and ends every line with CRLF', () => {
    const doc = csvDocument(['Fecha', 'Cliente'], [['03/05/2027', 'Peña; Ruiz'], ['04/05/2027', 'Eva']]);
    expect(doc).toBe('\uFEFFFecha;Cliente\r\n03/05/2027;"Peña; Ruiz"\r\n04/05/2027;Eva\r\n');
    expect(Buffer.from(doc, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('holds only the header when there are no rows', () => {
    expect(csvDocument(['A', 'B'], [])).toBe('\uFEFFA;B\r\n');
  });
});

describe('csv values', () => {
  it.each([
    [2500, '25,00'],
    [1805, '18,05'],
    [0, '0,00'],
    [7, '0,07'],
    [123456, '1234,56'],
  ])('%i cents → %s', (cents, text) => {
    expect(csvAmount(cents)).toBe(text);
  });

  it.each([
    ['a morning in summer time', '2027-05-03T10:05', '03/05/2027', '10:05'],
    ['a winter evening', '2027-01-15T19:30', '15/01/2027', '19:30'],
    ['just after midnight (UTC is still the day before)', '2027-05-04T00:15', '04/05/2027', '00:15'],
    ['the October change day, after the repeated hour', '2027-10-31T10:00', '31/10/2027', '10:00'],
    ['the March change day, after the skipped hour', '2027-03-28T09:30', '28/03/2027', '09:30'],
  ] as const)('%s: %s → %s %s', (_, local, date, time) => {
    const instant = instantOf(local);
    expect(csvDate(instant)).toBe(date);
    expect(csvTime(instant)).toBe(time);
  });

  it('names the download after the period', () => {
    expect(appointmentsCsvName('2027-04-26', '2027-05-02')).toBe('citas-2027-04-26-2027-05-02.csv');
  });
});
