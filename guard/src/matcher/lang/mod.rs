//! Numbers written in other languages and numeral systems (a stretch rule). A learner can ask
//! the chat model to state a guarded value in the words of another language, in
//! Chinese/Japanese numerals or in Roman numerals; this module owns reading those forms, and
//! [`scan`] reports the value of each such number of 100 or more. Languages: French, German,
//! Spanish, Italian, Portuguese, Dutch, Swedish, Polish, Turkish, Vietnamese, Indonesian and
//! Malay, Czech, Slovak, Croatian, Serbian and Bosnian, Slovene, Norwegian, Danish, Icelandic,
//! Finnish, Estonian, Hungarian, Romanian, Catalan, Tagalog, Swahili, Esperanto, Latin, Basque,
//! Lithuanian, Latvian, Afrikaans, Galician, Luxembourgish, Maltese (Latin letters), Russian,
//! Ukrainian, Bulgarian, Serbian, Macedonian, Belarusian, Kazakh, Mongolian (Cyrillic), Greek,
//! Hindi (Devanagari and romanised), Arabic, Persian, Urdu, Hebrew, Yiddish, Bengali, Tamil,
//! Telugu, Thai, Khmer, Burmese, Georgian, Armenian, Amharic (read as written); CJK numerals,
//! Japanese kana, Mandarin pinyin and Korean (Hangul); Roman. The caller has already normalised the text (NFKD without
//! combining marks, so `fünf` arrives as `funf`, `pięć` as `piec`, `två` as `tva`, `năm` as
//! `nam`, `pět` as `pet`, `négy` as `negy`, `й` as `и`, `पाँच` as `पच`, `ご` as `こ`, `wǔ` as
//! `wu`; no invisible characters; every decimal digit ASCII; typographic apostrophes as `'`,
//! and so Hebrew `י`, whose confusable skeleton it is); letter case is left as written, so case
//! folding happens here (`ß` reads as `ss`, `ł` as `l`, `ø` as `o`, `æ` as `ae`, `đ` and `ð` as
//! `d`, `þ` as `th`, which NFKD leaves whole). The matcher also scans a
//! second view of a text holding marks, with the marks kept (NFKC): each language here reads
//! both, and Hindi, whose skeletons collide, reads the marked view more fully.
//!
//! # Grammar
//!
//! - **Words.** One language per phrase; words separated by spaces, tabs, markdown `*`/`` ` ``
//!   and at most one hyphen, never by a newline or a comma. A phrase is groups below 1000
//!   (`[unit] hundred` or a precomposed hundred, then tens and units), each times a strictly
//!   smaller scale (10^3, 10^6, 10^9; `mil millones` multiplies). The conjunction `et` / `und`
//!   / `y` / `e` / `en` / `و` / `ו` may join parts.
//!   - French: `cinq mille cent`, `cinq-mille-cent`, `quatre-vingt(s)`, `soixante-dix`,
//!     `dix-sept`, `vingt et un`, `cent(s)`, `mille`, `million(s)`, `milliard(s)`, Belgian and
//!     Swiss `septante`, `huitante`, `octante`, `nonante`.
//!   - German: compounds in one word or spaced (`funftausendeinhundert`, `funftausend
//!     einhundert`, `dreihundertvierundzwanzig`: unit `und` tens), tens or teens times
//!     `hundert` (`neunzehnhundert`), `ue`/`ss`/`ß` spellings, `Million(en)`, `Milliarde(n)`.
//!   - Spanish: `veintiuno`…`veintinueve`, `treinta y dos`, `cien`/`ciento`,
//!     `doscientos`…`novecientos`, `mil`, `millon(es)`.
//!   - Italian: compounds in one word or spaced (`cinquemilacento`, `due milioni
//!     quattrocentomila`) with the elisions `ventuno`, `ventotto`, `ventunmila`, `centottanta`;
//!     `mille`/`mila`, `milione/i`, `miliardo/i`.
//!   - Portuguese: `e` between any parts (`cento e vinte`, `cinco mil e cem`), `cem`/`cento`,
//!     `duzentos`…`novecentos`, `milhao/oes`, `bilhao/oes` (10^9).
//!   - Dutch: compounds as German (`vijfduizend honderd`, `vijfduizendeenhonderd`, unit `en`
//!     tens: `vierentwintig`, `tweeëntwintig`), `twaalfhonderd`, `miljoen(en)`, `miljard(en)`.
//!   - Swedish: compounds, tens before units (`femtusen etthundra`, `tvahundrafemtio`,
//!     `tjugoett`), `ettusen`, `tolvhundra`, `miljon(er)`, `miljard(er)`.
//!   - Polish: `piec tysiecy sto`, `tysiac/tysiace/tysiecy` (and `tysiaca`, `tys.`),
//!     `sto`, `dwiescie`, `trzysta`, `czterysta`, `piecset`…`dziewiecset`,
//!     `milion/miliony/milionow`, `miliard(y/ow)`.
//!   - Russian: nominative with the genitive and accusative forms a sentence puts numbers in
//!     (`пять тысяч сто`, `около пяти тысяч ста`, `тысячу`), feminine `одна`/`две`, `сто`,
//!     `двести`…`девятьсот` (and `двухсот`…), `тысяча/тысячи/тысяч`, colloquial `тыща`,
//!     `миллион(а/ов)`, `миллиард(а/ов)`, abbreviations `тыс`, `млн`, `млрд`.
//!   - Ukrainian: `п'ять тисяч сто` (apostrophe `'`, `’` or `ʼ`, or none), `тисяча/тисячі/
//!     тисяч`, `двісті`, `п'ятсот`…, `мільйон(и/ів)`, `мільярд(и/ів)`, `тис`, `млн`.
//!   - Turkish: `bes bin yuz`, one word `besbinyuz` (`ş`, `ü`, `ö`, `ç` lose their marks;
//!     dotless `ı` folds to `i`: `altı`, `kırk`), `yuz` and `bin` alone for 100 and 1000,
//!     `milyon`, `milyar`. `on bin` is left alone (`on`, `bin` are English words).
//!   - Greek (own pass, only on text with Greek letters): `πεντε χιλιαδες εκατο`, `εκατον`,
//!     `διακοσια`…`εννιακοσια` in three genders (`-α`, `-ες`, `-οι`; `εφτα-`, `οχτα-`),
//!     `χιλια`, `χιλιαδες`, `εκατομμυριο/α`, `δισεκατομμυριο/α`; final `ς` as `σ`, any case.
//!   - Hindi (own pass, only on text with Devanagari; [`hindi`]): `पाँच हज़ार एक सौ`, the
//!     irregular words for 1–99 (`पच्चीस`, `इक्यावन`, `पचहत्तर`, `निन्यानवे`), `सौ` times 1–99
//!     (`पच्चीस सौ`), `हज़ार`, `लाख`, `करोड़` (`हज़ार करोड़` multiplies), `डेढ़`/`ढाई` (1.5, 2.5)
//!     before a scale, digits before a scale (`2.4 लाख`). Normalised, each word is its
//!     skeleton (`पच हजर एक स`); the skeletons common words share are read conservatively (the
//!     skeleton `स` of `सौ` only after a unit after a scale, `बस`, `न`, `तरह`, `छ` not at all,
//!     `पचस` as both 50 and 85). Romanised (own automaton, with pinyin): `paanch hazaar ek
//!     sau`, `do hazaar saat sau pachaas`, `ek lakh`, `do crore`.
//!   - Arabic ([`arabic`]): `خمسة آلاف ومائة`, `مئة`, `و` alone or glued (`ومائة`), `ب`/`ل` glued
//!     to the first word, units in both genders, teens as unit then ten (`خمسة عشر`), unit `و`
//!     tens (`خمسة وعشرون`), `ثلاثمائة`…`تسعمائة`, `مائتان`/`مائتين`, `ألف`, `آلاف` (only after its
//!     multiplier), the duals `ألفان`/`ألفين` and `مليونان` (2000, 2×10^6), `ونصف` (and a half);
//!     hamza seats and `ة`/`ى` folded as normalisation and common spelling leave them.
//!   - Hebrew ([`hebrew`]): `חמשת אלפים ומאה`, `חמשה אלף`, `ו` glued, `ב`/`ל`/`כ`/`ש` glued to the
//!     first word, units in both genders and the construct state, teens as two words (`חמש
//!     עשרה`), `מאה`, `שלוש מאות`, `מאתיים`, `אלף`, `אלפים` (after its multiplier), `אלפיים`,
//!     `מיליון`, `וחצי`; the apostrophes normalisation makes of `י` are read as `י`.
//!   - Vietnamese ([`southeast`]): `năm nghìn một trăm`, `hai nghìn bảy trăm năm mươi` (a
//!     unit times `mươi`), `ngàn`, `mười`, `lẻ`/`linh` (zero tens), `không trăm`, `lăm`/`nhăm`,
//!     `tư`, `mốt` after tens, `triệu`; a unit after a hundred or a scale counts only before
//!     its multiplier (`hai nghìn năm` is "two thousand years": 2000).
//!   - Indonesian and Malay: `lima ribu seratus`, `dua ribu tujuh ratus lima puluh`, `se-`
//!     (`seratus`, `seribu`, `sebelas`), `belas`, `puluh`, `ratus`, `ribu`, `juta`, `miliar`.
//!   - Tagalog: `limang libo at isang daan`, the linked forms (`-ng`, `na`: `apat na raan`),
//!     `daan`/`raan`, `libo`, `milyon`, `at`/`'t`.
//!   - Czech, Slovak, Croatian, Serbian, Bosnian, Slovene (one lexicon, [`slavic`]): `pět tisíc
//!     sto`, `dva tisíce sedm set padesát`, `päť tisíc sto`, `dvetisíc sedemsto päťdesiat`
//!     (compounds), `pet tisuća sto`, `pet hiljada sto`, `pet tisoč sto`; Czech `dvě stě`,
//!     `tři sta`, `pět set`, `pětadvacet`, Slovene `petindvajset`.
//!   - Bulgarian: `пет хиляди и сто`, `две хиляди седемстотин и петдесет`, `двайсет`.
//!   - Norwegian, Danish, Icelandic (one lexicon, [`germanic`]): `fem tusen ett hundre`, `to
//!     tusen sju hundre og femti`, `fem tusind et hundrede`, `to tusind syv hundrede og
//!     halvtreds` (`halvtreds` 50, `tres` 60, `halvfjerds` 70, `firs` 80, `halvfems` 90),
//!     `femogtyve`, `tjuefem`, compounds; `fimm þúsund og eitt hundrað`.
//!   - Finnish and Estonian ([`uralic`]): `viisituhatta sata`, `kaksituhatta seitsemänsataa
//!     viisikymmentä` (`tuhat`/`tuhatta`, `sata`/`sataa`, `kymmenen`/`-kymmentä`, `-toista`),
//!     `viis tuhat sada`, `viiskümmend`. Hungarian: `ötezer-egyszáz`, `kétezer-hétszázötven`,
//!     `két`/`kettő`, `tizen-`, `huszon-`.
//!   - Romanian: `cinci mii o sută`, `două mii șapte sute cincizeci`, `și`, `de` before a scale
//!     (`douăzeci de mii`). Catalan: `cinc mil cent`, `dos mil set-cents cinquanta`,
//!     `vint-i-cinc`. Latin: `quinque milia centum`, `duo milia septingenti quinquaginta`.
//!   - Swahili ([`other`]): the scale word before its multiplier (`elfu tano na mia moja`,
//!     `elfu mbili mia saba hamsini`, `elfu mia nne` = 400 000, `laki`, `milioni`).
//!     Esperanto: `kvin mil cent`, `du mil sepcent kvindek`. Basque: `bost mila ehun`, `bi mila
//!     zazpiehun eta berrogeita hamar` (vigesimal tens).
//!   - Lithuanian and Latvian ([`baltic`]): `penki tūkstančiai šimtas`, `pieci tūkstoši viens
//!     simts`, `septiņsimt`.
//!   - Serbian, Macedonian, Belarusian ([`slavic`]): `пет хиљада сто`, `две хиљаде седамсто
//!     педесет`, `пет илјади сто`, `две илјади седумстотини педесет`, `пяць тысяч сто`; Kazakh
//!     and Mongolian ([`inner_asia`]): `бес мың жүз`, `таван мянга нэг зуу`, `хоёр мянга долоон
//!     зуун тавь`; `ј љ њ ћ ђ џ ѕ ә ғ қ ң ө ұ ү һ` have bytes of their own, `ў ѓ ќ` fold as NFKD.
//!   - Persian and Urdu ([`arabic`]): `پنج هزار و صد`, `دو هزار و هفتصد و پنجاه` (`و` a word of
//!     its own), `پانچ ہزار ایک سو` (Urdu 1–99 irregular as Hindi's, `سو` only after its
//!     multiplier). Yiddish ([`hebrew`]): `פינף טויזנט הונדערט`, `פינף און זיבעציק` (75).
//!   - Afrikaans and Luxembourgish ([`germanic`]): `vyfduisend eenhonderd`, `vyf-en-sewentig`,
//!     `fënneftausendhonnert`, `fënnefasiwwenzeg`; Galician ([`romance`]): `cinco mil cen`, `dous
//!     mil setecentos cincuenta`; Maltese ([`other`]): `ħamest elef u mija`, `tlitt elef tmien
//!     mija u ħamsa u sebgħin`. Found through `honderd`, `tausend`, `mil`, `elef` (stems already
//!     searched): `vyfduisend`, `eendausend…`, `elf`, `elfejn` with no such word are not read.
//!   - Read as written (each its own pass, only on text holding its script; the vowel signs
//!     are marks, which the normalised view drops, so the view that keeps them, NFKC, is the
//!     one read): Bengali, Tamil, Telugu ([`indic`]: `পাঁচ হাজার একশো`, `ஐந்தாயிரத்து நூறு`,
//!     `ఐదు వేల వంద`), Thai, Khmer, Burmese ([`mainland`]: `ห้าพันหนึ่งร้อย`, `ប្រាំពាន់មួយរយ`,
//!     `ငါးထောင့်တစ်ရာ`, each one compound: a number glued into a sentence is not read),
//!     Georgian, Armenian ([`caucasus`]: `ხუთი ათას ასი`, vigesimal `ორმოცდაათი`; `հինգ հազար
//!     հարյուր`), Amharic ([`ethiopic`]: `አምስት ሺህ አንድ መቶ`).
//!   - Cyrillic words are read in any case (`ПЯТЬ ТЫСЯЧ СТО`) and with Latin look-alike letters
//!     mixed in (`стo`, `тыcяч`, `CTO` after a Cyrillic scale word); a Latin word may likewise
//!     hold Cyrillic look-alikes (`cinq mille cеnt`), except in its anchor stem.
//!   - One and a half before a scale: `полторы тысячи`, `півтори тисячі`, `półtora tysiąca`.
//!   - And a half, closing a phrase after its conjunction (`с`, `з`, `i`, `et`, `y`, `e`):
//!     `тысяча двести пятьдесят с половиной` (1250.5), `з половиною`, `i pół`, `et demi`, `y
//!     medio`, `e mezzo`, `e meio`; after a scale word it halves the scale (`пять тысяч с
//!     половиной` = 5500).
//!   - Digits before a scale word of Dutch, Swedish, Polish, Russian, Ukrainian and most of
//!     the newer languages (`2,4 juta`, `5,1 tisíc`, `2,4 millioner`, `2,4 milioane`; `2,4
//!     миллиона`, `5,1 тыс.`, `2,4 miljoen`, `5,1 tusen`), the decimals coming out whole, and a
//!     whole group in digits after the last scale (`5 тысяч 100`). The numeral must stand alone
//!     (`v1.2 тысячи`, `10.0.3.7 тысяч` report nothing). The other languages' scale words after
//!     digits (`5,1 Tausend`, `2,4 millones`) are the main number matcher's; a hundred or a
//!     thousand word between digits (`51 Hundert`, `27 cientos 50`, `5 mil 100`) is read as
//!     the English word by the second readings, from this lexicon ([`scale_word`]).
//! - **CJK.** Positional (`五千一百`, Japanese `五千百` with an implicit one, `两千四百`,
//!   `二百四十万`, `一万二千`, `一千零五`), financial forms (`壹贰叁肆伍陆柒捌玖拾佰仟萬`), ASCII
//!   digits mixed in (`1万2千`, `240万`, `2.4万`), a digit after the last unit (`两千四` reads
//!   2400 as Chinese speech and 2004 as Japanese: both are reported) and digit by digit
//!   (`五一〇〇`: three or more plain digits). 万/萬 = 10^4, 億/亿 = 10^8.
//! - **Japanese kana** ([`kana`]): the readings of the CJK numerals in hiragana or katakana
//!   (`ごせんひゃく`, `にせんななひゃくごじゅう`, `さんびゃく`, `ろっぴゃく`, `はっせん`,
//!   `キュー`), voiced marks stripped as normalisation strips them, read literally; a reading
//!   must not split a syllable, be one number, hold a digit and two units (or three morphemes
//!   with a unit, or fill its kana run), since numeral syllables are common kana (`に`, `こ`,
//!   `おく`, `せん`).
//! - **Pinyin** ([`pinyin`]): `wu qian yi bai` (tone marks stripped), `wu3 qian1 yi1 bai3`,
//!   `wuqianyibai`, `ling` for a gap, `liang`, `wan`; `yi` is 10^8 only right after a digit and
//!   not before a unit (`wu yi`), else one; two Title-case syllables are a name (`Wu Qian`).
//! - **Korean.** Sino-Korean numerals in Hangul through the same positional reader (`오천백`,
//!   `오천 백`, `이천칠백오십`; `십 백 천 만 억 조`), ASCII digits mixed in (`5천1백`, `5천
//!   100`, `2천750`, `240만`); NFKD hands syllables over as jamo, composed back in [`korean`].
//!   A run starts at a word start, needs a unit, is never read digit by digit, and a trailing
//!   glued `이` (the particle) is also read without it (`오천백이` = 5102 and 5100).
//! - **Roman.** A whole token of `IVXLCDM`, one case, in canonical subtractive form, with runs
//!   of `M` allowed past 3999 (`MMMMMC` = 5100). Joined to more: an upper-case numeral of two
//!   letters or more glued to one to four digits (`LI00` = 51 then 00, `XXVII50`), or before
//!   a hundred (`LI C`, `LI hundred` = 5,100); these are compared exactly, never as a rounding
//!   or a candidate, and the stop list below applies (`MI6`, `DC10`, `MIX00` read nothing).
//!
//! # False-positive controls
//!
//! This runs on every reply, mostly English ops text (logs, `kubectl` and Kafka output,
//! alerts). Only values ≥ 100 are reported, and only phrases of two or more parts (`cinq
//! mille`, `zweihundert`, `五千`; a precomposed `quinientos` counts as two, the Slavic 100
//! `сто`/`sto` as one; a numeral in digits is a part only before a scale word: `5 тысяч`): a
//! lone scale word (`cent`, `mil`, `mille`, `hundert`, `cento`, `сто`, `тысяча`, `tysiac`, `duizend`, `tusen`, `百`, `万`) reports
//! nothing, so `сто процентов`, `Тысяча благодарностей`, `tusen tack` stay visible. A French
//! phrase made only of words English uses too (`six cents`, `six million`) is left to the
//! English matcher. A phrase never spans a newline, a comma or a word that is not a number word
//! of its language, and may not start or end inside a compound (`duemiladuemila` reports
//! nothing). When two languages read the same words, only the longest reading is reported
//! (Portuguese `cinco mil` inside Spanish `cinco mil cien`), and a phrase's prefixes never are
//! (`cinq mille cent` reports 5100, not 5000). `万` needs an explicit multiplier (`一万`). A
//! Roman token shorter than four letters must be upper case; it must stand alone (not inside
//! base64, a pod suffix `orders-8795b65d-mdclx`, a UUID group or a host name); and a stop list
//! drops canonical numerals that are acronyms, identifiers or words (every two-letter one:
//! `CD`, `DC`, `CI`, `MM`; then `CLI`, `CXX`, `MIX`, `MMM`, …). Over 890 MB of English docs,
//! crate sources, man pages and random base64, UUIDs and pod names, 10 lines report a value: 6
//! real Spanish or Chinese numbers, and 4 `DCCC` that rustdoc splits off `_MM_PERM_DCCC`. For
//! Dutch, Swedish, Polish, Russian and Ukrainian, over 320 MB (man pages in 30 languages,
//! crate sources, `/usr/share/doc`, and 15 MB of the tools' messages translated into those five
//! languages), the new rules report 6 lines, all real numbers (`2 миллиардов транзакций`,
//! `понад 65 тисяч буферів`, `2 miljarder`, `cztery tysiące mil`, `четыре тысячи миль`); their
//! near-misses are in this module's tests and `tests/lang_numerals.rs`. Hindi, Arabic, Hebrew,
//! kana and pinyin were checked on the near-misses and ordinary text in their modules' tests,
//! in `OTHER_LANGS` below and in `tests/patient_learner.rs`, not on a large corpus; so were
//! the languages from Vietnamese to Latvian above, whose words that are also English words
//! (`to`, `fire`, `million`, `pet`, `set`, `tram`, `bay`, `chin`, `ok`, `cent`, `hat`, `sex`,
//! `duo`, `bat`) make no phrase alone (`up to million`, `pet set`, `ok cent` stay visible).
//!
//! Gaps: a Hindi number below 1000 (`दो सौ`) or with a colliding word (`नौ`, `बीस`, `तेरह`) is
//! read only in the text as written (normalised, `सौ` and `से` "from" are both `स`), and a
//! skeleton phrase with a unit before `स` after a scale reads `स` as 100 (`दो हज़ार एक से`
//! "from 2001" reads 2100 there); Hindi `साढ़े`/`सवा`, kana and pinyin decimals (`てん`,
//! `dian`) and digits mixed into kana or pinyin (`5千` is CJK's) are not read, nor pinyin `X
//! yi` without another scale, nor kana `し` (4) and `く` (9), nor Arabic and Hebrew with
//! vowel points outside the normalised view, nor a number glued to the Arabic article or to
//! Hebrew `ה`, `מ` (`המאה`: "the century"); digit-by-digit number words of other languages
//! (`funf eins null null`) are not read here. A Latin scale stem in mixed case (`MiLLe`) or holding a Cyrillic look-alike (`mіlle`)
//! is not found (see [`anchors`]); ordinals (`две тысячи двадцать четвёртый`) stop the phrase
//! before them; the Slavic instrumental and dative forms (`пятью тысячами`) are not read.
//! Among the newer languages, a number is found only through a stem of [`find`]'s lists, so
//! these are read only inside a phrase that holds another stem: Czech `dvě stě`, `tři sta`,
//! `pět set` and Serbian `trista` (`sta`, `set`, `ste` are too common in English to search),
//! Tagalog `raan`, Basque `ehun`, Estonian `sada`, Latin `septingenti`…`nongenti`, Romanian
//! `o mie`, Icelandic `þúsund` (`fimm þúsund og eitt hundrað` is found by `hundrað`);
//! Vietnamese `tỷ` (10^9) is not read (`tý`, `tí` "a bit" fold alike), nor Latin millions
//! (Welsh, Irish, Scottish Gaelic and romanised Japanese, Korean, Thai, Hebrew, Arabic,
//! Russian and Klingon are [`romanized`]'s, with their mutations: `dau fil`, `cúig mhíle`). Normalised, some
//! Vietnamese words fold into number words (`trạm` "station" as `trăm`, `ngắn` "short" as
//! `ngàn`, `sau` "after" as `sáu`): `hai trạm` reads 200.
//!
//! # Cost
//!
//! Linear in the text, with no allocation after the first call. Every worded number of 100 or
//! more contains a scale stem (`STEMS` in [`find`]: `cent`, `cien`, `mil`, `hund`, `tausend`,
//! `sto`, `tys`, …; `CYR_STEMS`: `ст`, `сот`, `тыс`, `мил`, …), so an Aho-Corasick automaton finds
//! the candidate words and the parser reads only the few words around each (a bounded walk
//! back; a `resume` mark so no text is read twice); Roman tokens come from one byte-table pass,
//! and the extended Roman reader steps by the same table over every word that does not start
//! with a Roman letter and every bracket that opens no group (`(V)C`), where it would read
//! nothing; the CJK pass is skipped when the text is ASCII, steps over eight ASCII bytes at a
//! time otherwise (a CJK numeral's lead byte is E3..=E9), and the Cyrillic pass (its own automaton:
//! every case and look-alike spelling of its stems) unless the text holds a Cyrillic lead
//! byte; the Greek pass likewise needs a Greek lead byte (CE/CF) and the Korean one a Hangul
//! lead byte (E1, EA..=ED); Hebrew D7, Arabic D8/D9, Devanagari `E0 A4`/`E0 A5` and kana `E3
//! 81..=83`, each with its own automaton or reader, so ASCII text pays for none of them; the
//! scripts read as written share one more pass over the lead bytes E0 and E1 (and a search for
//! D4..=D6, Armenian), which a text without them leaves at once.
//! The newer Latin-letter languages' stems (`ribu`, `tis`, `tuha`, `szaz`, `elfu`, …:
//! `STEMS2`) are a second automaton of the same kind, its matches merged with the first's in
//! text order into one reader; a word a stem finds is checked first only against the
//! languages whose words can hold that stem (`percent` against the few with `cent`), and a
//! window is parsed only in the languages one of its words belongs to, so the 14 added
//! languages cost English text one more SIMD-prefiltered pass (not measured here).
//! Pinyin and romanised Hindi run on any text through one more case-sensitive automaton
//! (`qian`, `bai`, `wan`, `sau`, `hazaar`, `lakh`, `crore`, …): measured alone at about 10 GB/s
//! on English, under 3 % of the scan. Measured (best of 400 runs on 32 KB, release, a shared machine): English ops text
//! 490 MB/s, the dense English of the tests 225 MB/s (270 before Dutch, Swedish, Polish and
//! Cyrillic: more languages per anchor word), ops prose in the new languages 115 MB/s.
mod arabic;
mod baltic;
mod caucasus;
mod cjk;
mod ethiopic;
mod find;
mod germanic;
// The differential harness is a native dev-dependency (the guard's tests also run in wasm).
#[cfg(all(test, not(target_arch = "wasm32")))]
mod golden;
mod greek;
mod hebrew;
mod hindi;
mod indic;
mod inner_asia;
mod kana;
mod korean;
mod lexicon;
mod mainland;
mod other;
mod phrase;
mod pinyin;
mod roman;
mod romance;
mod romanized;
mod slavic;
mod southeast;
mod turkish;
mod uralic;

/// A numeral of Chinese, Japanese or Korean that multiplies or continues a number written
/// before it (`5100万`, `51천`): a digit run glued to one is part of a larger number.
pub(crate) fn cjk_numeral(c: char) -> bool {
    cjk::cjk(c).is_some() || matches!(c, '兆' | '십' | '백' | '천' | '만' | '억' | '조')
}

/// The value of `w` (in lower case) when it is, whole, a hundred or a thousand word of one of
/// the languages read here (`cientos`, `hundert`, `mil`, `tusen`, `тысяч`): 100 or 1000. Words
/// English also uses (`cent`, `bin`) are `None`. For digits before it (`51 cientos`).
pub(crate) fn scale_word(w: &str) -> Option<u64> {
    // (The words themselves: [`scale_word_list`].)
    let words = lexicon::scale_words();
    let k = words.binary_search_by(|(x, _)| (*x).cmp(w)).ok()?;
    words.get(k).map(|&(_, v)| v)
}

/// Every word [`scale_word`] knows (for a caller's prefilter).
pub(crate) fn scale_word_list() -> impl Iterator<Item = &'static str> {
    lexicon::scale_words().iter().map(|&(w, _)| w)
}

use cjk::scan_cjk;
use find::{
    arabic_anchors, ascii_anchors, cyr_anchors, greek_anchors, hebrew_anchors, hindi_anchors,
    scan_latin, scan_words, written_anchors, Words, PINYIN_PATTERNS,
};
use kana::{has_kana, scan_kana};
use korean::{has_hangul, scan_korean};
use lexicon::{
    Script, ARABIC, ARMENIAN, BENGALI, CYRILLIC, DEVANAGARI, ETHIOPIC, GEORGIAN, GREEK, HEBREW,
    HINGLISH, KHMER, MYANMAR, TAMIL, TELUGU, THAI,
};
use pinyin::Pinyin;
pub(crate) use roman::glued_value as roman_glued_value;
pub(crate) use roman::letters as roman_letters;
pub(crate) use roman::value as roman_value;
use roman::{scan_roman, scan_roman_extended};

/// Find every number written in the words of one of the languages above, in CJK numerals, or
/// in Roman numerals, and call `found(value)` for each (value ≥ 100 only). Returns the values
/// to compare only exactly (no rounding, no candidate): a Roman numeral before a hundred
/// (`LI C`: [`roman`]; one glued to digits, `LI00`, is read by `splits.rs` with its runs).
pub(crate) fn scan(text: &str, found: &mut dyn FnMut(f64)) -> Vec<f64> {
    let mut out = Out {
        found,
        recent: [0.0; 8],
        n: 0,
        exact: Vec::new(),
    };
    scan_latin(text, &mut out);
    scan_ascii_extra(text, &mut out);
    scan_roman(text, &mut out);
    scan_roman_extended(text, &mut out);
    if !text.is_ascii() {
        let b = text.as_bytes();
        scan_cjk(text, &mut out);
        if has_kana(b) {
            scan_kana(text, &mut out);
        }
        if has_hangul(b) {
            scan_korean(text, &mut out);
        }
        // Every Cyrillic stem letter is in U+0400..U+047F: UTF-8 lead byte D0 or D1.
        if memchr::memchr2(0xD0, 0xD1, b).is_some() {
            if let Some(ac) = cyr_anchors() {
                scan_words(text, ac, &CYRILLIC, Script::Cyrillic, &mut out);
            }
        }
        // Every Greek stem letter is in U+0391..U+03C9: lead byte CE or CF.
        if memchr::memchr2(0xCE, 0xCF, b).is_some() {
            if let Some(ac) = greek_anchors() {
                scan_words(text, ac, &GREEK, Script::Greek, &mut out);
            }
        }
        // Hebrew letters are U+05D0..U+05EA (lead byte D7), Arabic ones U+0621..U+064A (D8,
        // D9), Devanagari U+0900..U+097F (E0 A4, E0 A5).
        if memchr::memchr(0xD7, b).is_some() {
            if let Some(ac) = hebrew_anchors() {
                scan_words(text, ac, &HEBREW, Script::Hebrew, &mut out);
            }
        }
        if memchr::memchr2(0xD8, 0xD9, b).is_some() {
            if let Some(ac) = arabic_anchors() {
                scan_words(text, ac, &ARABIC, Script::Arabic, &mut out);
            }
        }
        if memchr::memchr_iter(0xE0, b).any(|i| matches!(b.get(i + 1), Some(0xA4 | 0xA5))) {
            if let Some(ac) = hindi_anchors() {
                scan_words(text, ac, &DEVANAGARI, Script::Devanagari, &mut out);
            }
        }
        scan_written(text, &mut out);
    }
    out.exact
}

/// The scripts read as written ([`lexicon::Script::as_written`]), each only on text holding
/// one of its letters: one pass over the lead bytes E0 and E1 (and D4..=D6 for Armenian) sets
/// a bit per script found.
fn scan_written(text: &str, out: &mut Out) {
    let b = text.as_bytes();
    let mut found = 0u16;
    for i in memchr::memchr2_iter(0xE0, 0xE1, b) {
        let (Some(&x), Some(&y)) = (b.get(i), b.get(i + 1)) else {
            continue;
        };
        found |= match (x, y) {
            (0xE0, 0xA6 | 0xA7) => 1,
            (0xE0, 0xAE | 0xAF) => 1 << 1,
            (0xE0, 0xB0 | 0xB1) => 1 << 2,
            (0xE0, 0xB8 | 0xB9) => 1 << 3,
            (0xE1, 0x9E | 0x9F) => 1 << 4,
            (0xE1, 0x80 | 0x81) => 1 << 5,
            (0xE1, 0x83 | 0xB2) => 1 << 6,
            (0xE1, 0x88..=0x8D) => 1 << 8,
            _ => 0,
        };
    }
    if memchr::memchr3(0xD4, 0xD5, 0xD6, b).is_some() {
        found |= 1 << 7;
    }
    if found == 0 {
        return;
    }
    let scripts: [(Script, &[lexicon::Lang]); 9] = [
        (Script::Bengali, &BENGALI),
        (Script::Tamil, &TAMIL),
        (Script::Telugu, &TELUGU),
        (Script::Thai, &THAI),
        (Script::Khmer, &KHMER),
        (Script::Myanmar, &MYANMAR),
        (Script::Georgian, &GEORGIAN),
        (Script::Armenian, &ARMENIAN),
        (Script::Ethiopic, &ETHIOPIC),
    ];
    for (k, (script, langs)) in scripts.iter().enumerate() {
        if found & (1 << k) == 0 {
            continue;
        }
        if let Some(ac) = written_anchors(*script) {
            scan_words(text, ac, langs, *script, out);
        }
    }
}

/// Roman numerals with an overline or macron (`V̅C`: a vinculum, ×1,000) or a Unicode `Ⅿ`
/// multiplier (`ⅤⅯC`), read on the text as written: normalisation drops combining marks and
/// folds `Ⅿ` to `M`. Only a text with a combining overline or macron or a Unicode Roman
/// numeral (UTF-8 `CC 84`, `CC 85`, `E2 85`) is read.
pub(crate) fn scan_marked_roman(raw: &str, found: &mut dyn FnMut(f64)) {
    let b = raw.as_bytes();
    let marked = memchr::memchr_iter(0xCC, b).any(|i| matches!(b.get(i + 1), Some(0x84 | 0x85)))
        || memchr::memchr_iter(0xE2, b).any(|i| b.get(i + 1) == Some(&0x85));
    if !marked {
        return;
    }
    let mut out = Out {
        found,
        recent: [0.0; 8],
        n: 0,
        exact: Vec::new(),
    };
    scan_roman_extended(raw, &mut out);
}

/// Pinyin and romanised Hindi: one more pass over any text, anchored on their scale stems
/// (one automaton for both; the phrase reader's buffers are set up at the first Hindi stem).
fn scan_ascii_extra(text: &str, out: &mut Out) {
    let Some(ac) = ascii_anchors() else { return };
    let mut pinyin = Pinyin::new();
    let mut words: Option<Words> = None;
    for m in ac.find_iter(text) {
        if m.pattern().as_usize() < PINYIN_PATTERNS {
            pinyin.anchor(text, m.start(), m.end(), out);
            continue;
        }
        let w = words.get_or_insert_with(Words::new);
        if !w.anchor(text, m.start(), m.end(), &HINGLISH, Script::Latin, out) {
            return;
        }
    }
}

/// The sink: drops values below 100 and values among the last 8 reported (the same words can
/// be a number in several languages: `cinco mil` is Spanish and Portuguese).
struct Out<'a> {
    found: &'a mut dyn FnMut(f64),
    recent: [f64; 8],
    n: usize,
    /// Values to compare only exactly (`XX C` is no candidate near a target, as a numeral
    /// glued to digits, `XC90`, is none).
    exact: Vec<f64>,
}

impl Out<'_> {
    fn emit(&mut self, v: f64) {
        if v.is_nan() || v.is_infinite() || v < 100.0 {
            return;
        }
        let seen = self.n.min(self.recent.len());
        if self.recent.iter().take(seen).any(|&r| r == v) {
            return;
        }
        if let Some(slot) = self.recent.get_mut(self.n % 8) {
            *slot = v;
        }
        self.n += 1;
        (self.found)(v);
    }
}

#[cfg(test)]
mod tests {
    use super::roman::ROMAN_STOP;
    use super::*;

    pub(super) fn vals(s: &str) -> Vec<f64> {
        let mut v = Vec::new();
        scan(s, &mut |x| v.push(x));
        v
    }

    pub(super) fn check_table(table: &[(&str, f64)]) {
        for &(s, n) in table {
            let got = vals(s);
            assert!(got.contains(&n), "{s:?}: expected {n}, got {got:?}");
            let max = got.iter().cloned().fold(0.0, f64::max);
            assert!(max <= n, "{s:?}: bogus larger value in {got:?}");
        }
    }

    /// [`check_table`] on the texts as the matcher hands them over (normalised: marks
    /// stripped).
    pub(super) fn check_norm(table: &[(&str, f64)]) {
        let owned: Vec<(String, f64)> = table
            .iter()
            .map(|&(s, v)| (crate::matcher::normalize::normalize(s).into_owned(), v))
            .collect();
        let t: Vec<(&str, f64)> = owned.iter().map(|(s, v)| (s.as_str(), *v)).collect();
        check_table(&t);
    }

    /// [`check_table`] on the view that keeps marks (NFKC), which the scripts read as written
    /// need; the normalised view (marks stripped) may read less, never a larger value.
    pub(super) fn check_marked(table: &[(&str, f64)]) {
        for &(s, n) in table {
            let alt = crate::matcher::normalize::normalize_alt(s).unwrap_or_else(|| s.to_string());
            check_table(&[(alt.as_str(), n)]);
            let norm = crate::matcher::normalize::normalize(s);
            let got = vals(&norm);
            assert!(got.iter().all(|&v| v <= n), "{s:?} (normalised): {got:?}");
        }
    }

    /// [`none_norm`], for the modules of the scripts read as written.
    pub(super) fn none_marked(texts: &[&str]) {
        none_norm(texts);
    }

    /// Texts that hold no number of 100 or more, in both views the matcher reads.
    pub(super) fn none_norm(texts: &[&str]) {
        for s in texts {
            let norm = crate::matcher::normalize::normalize(s);
            assert_eq!(vals(&norm), Vec::<f64>::new(), "{s:?}");
            if let Some(alt) = crate::matcher::normalize::normalize_alt(s) {
                assert_eq!(vals(&alt), Vec::<f64>::new(), "{s:?} (marks kept)");
            }
        }
    }

    #[test]
    fn numerals_before_scale_words() {
        check_table(&[
            ("2,4 миллиона", 2_400_000.0),
            ("2.4 миллиона", 2_400_000.0),
            ("2,4 млн байт/с", 2_400_000.0),
            ("5,1 тысячи", 5100.0),
            ("5,1 тыс.", 5100.0),
            ("5 тысяч 100", 5100.0),
            ("5 тысяч сто", 5100.0),
            ("лаг: 5 тысяч сто", 5100.0),
            ("(5 тысяч сто)", 5100.0),
            ("2,4 мільйона", 2_400_000.0),
            ("5,1 тис.", 5100.0),
            ("2,4 miliona", 2_400_000.0),
            ("5,1 tys.", 5100.0),
            ("5 tysiecy 100", 5100.0),
            ("2,4 miljoen", 2_400_000.0),
            ("5,1 duizend", 5100.0),
            ("2,4 miljoner", 2_400_000.0),
            ("5,1 tusen", 5100.0),
            ("1,25 тысячи", 1250.0),
        ]);
        for s in [
            // A numeral alone, or before a scale the main matcher reads.
            "5,1",
            "2,4 million",
            "1 mil = 0.001 inch",
            "5 mille",
            // Not standalone numerals.
            "v1.2 тысячи",
            "10.0.3.7 тысяч",
            "x-5 тысяч",
            "1.2.3 тысяч",
            // Decimals that do not come out whole.
            "2,4567 тысяч",
            "1,2345 тыс",
        ] {
            assert_eq!(vals(s), Vec::<f64>::new(), "{s:?}");
        }
        assert_eq!(vals("5 тысяч 100 200"), vec![5100.0]);
        assert_eq!(vals("5,1 тысячи, 100"), vec![5100.0]);
    }

    #[test]
    fn and_a_half() {
        check_table(&[
            ("тысяча двести пятьдесят с половиной", 1250.5),
            ("тысяча двести пятьдесят с половиной миллисекунд", 1250.5),
            ("пять тысяч с половиной", 5500.0),
            ("два миллиона с половиной", 2_500_000.0),
            ("тисяча двісті п'ятдесят з половиною", 1250.5),
            ("tysiac dwiescie piecdziesiat i poł", 1250.5),
            ("mille deux cent cinquante et demi", 1250.5),
            ("mil doscientos cincuenta y medio", 1250.5),
            ("milleduecentocinquanta e mezzo", 1250.5),
            ("mil duzentos e cinquenta e meio", 1250.5),
        ]);
        for s in [
            // No number before it, or a small one.
            "с половиной",
            "два с половиной",
            "la latencia media",
            "y medio",
            "et demi",
        ] {
            assert_eq!(vals(s), Vec::<f64>::new(), "{s:?}");
        }
        assert_eq!(vals("сто с половиной двести"), vec![100.5, 200.0]);
    }

    #[test]
    fn negatives() {
        for s in [
            // Lone scale words.
            "cent",
            "mille",
            "mil",
            "cien",
            "cem",
            "cento",
            "hundert",
            "tausend",
            "Million",
            "百",
            "千",
            "万",
            "十",
            "万一",
            // Below 100 or not numbers.
            "dix-sept",
            "dix-sept cents",
            // Nonsense compounds: a phrase may not start or end inside a word.
            "duemiladuemila",
            "dreitausendzweitausend",
            "zweizwei hundert",
            "treinta y dos",
            "sessenta e tres",
            "vierundzwanzig",
            "ventitre",
            "五十",
            // English that shares words.
            "six cents",
            "six million",
            "Six Million",
            "per cent",
            "once a million",
            "seize the cent",
            // Roman look-alikes.
            "CD",
            "DC",
            "CLI",
            "MM",
            "MMM",
            "MMMM",
            "MIX",
            "mix",
            "Mix",
            "DID",
            "did",
            "civil",
            "mimic",
            "vivid",
            "CI/CD",
            "MM/DD",
            "IIII",
            "MCMC",
            "IM",
            "VX",
            "XM",
            "CMD",
            "mcm",
            "mmx",
            // Glued tokens.
            "cinqmillecent",
            "MXI++cRmbK04ntGwUYilkMz1MA4GA1Ud",
            "abc/MMCD+xyz",
            "pod orders-8795b65d-mdclx is Running",
            "uid=2a0c1ab9-dccc-4a55-83fc-17eb550af35f",
            "host mdcc.internal",
            "MMCD-1",
            "MMMMMCx",
            "5MMMMMC",
            "MMMMMC2",
            "x_MMMMMC",
            "v2万",
            "cinq2 mille",
            // Broken phrases.
            "cinq, mille",
            "cinq\nmille",
            "cinq -- mille",
            // Digits alone are the main matcher's.
            "5100",
            "2400000",
            // Slavic, Dutch and Swedish lone scale words, the Slavic 100 alone, small numbers.
            "сто процентов",
            "Сто",
            "тысяча",
            "Тысяча благодарностей",
            "миллион",
            "мільйон",
            "тисяча",
            "у нас пять серверов и два кластера",
            "перезапуск три раза за сорок минут",
            "стоимость составила сто рублей",
            "sto procent",
            "tysiac",
            "honderd procent",
            "duizend",
            "hundra procent",
            "tusen tack",
            "полторы",
            "полторы минуты",
            // Words of look-alikes only, in Latin text.
            "CTO",
            "The CTO and the STO met",
            // A phrase never spans a newline or a comma.
            "пять, тысяч",
        ] {
            assert_eq!(vals(s), Vec::<f64>::new(), "{s:?}");
        }
    }

    #[test]
    fn near_misses() {
        assert_eq!(vals("cinq mille"), vec![5000.0]);
        assert_eq!(vals("cinq mille cent"), vec![5100.0]);
        assert_eq!(vals("cinco mil"), vec![5000.0]);
        assert_eq!(vals("funftausend"), vec![5000.0]);
        assert_eq!(vals("cinquemila"), vec![5000.0]);
        assert_eq!(vals("五千"), vec![5000.0]);
        assert_eq!(vals("五千一"), vec![5100.0, 5001.0]); // Chinese tail, Japanese literal
        assert_eq!(vals("五千零一"), vec![5001.0]);
        assert_eq!(vals("cinq mille, cent"), vec![5000.0]);
        assert_eq!(vals("deux cent mille"), vec![200_000.0]);
        assert_eq!(vals("MMMMM"), vec![5000.0]);
        assert_eq!(vals("six mille"), vec![6000.0]);
        // Two numbers side by side stay two numbers.
        assert_eq!(vals("cinq mille cinq mille"), vec![5000.0]);
        assert_eq!(vals("deux cent trois cent"), vec![200.0, 300.0]);
        // Many phrases in one window: none is lost.
        let many = "cinco mil seis mil siete mil ocho mil nueve mil ".repeat(8);
        assert_eq!(vals(&many).len(), 5);
        let many: Vec<f64> = (2..10).map(|d| f64::from(d) * 1000.0).collect();
        let text = "deux mille trois mille quatre mille cinq mille six mille sept mille huit mille neuf mille";
        assert_eq!(vals(text), many);
        assert_eq!(vals("五千五千"), vec![5000.0]);
        assert_eq!(vals("一万五万"), vec![10_000.0, 50_000.0]);
        assert_eq!(vals("mil mil"), Vec::<f64>::new());
        assert_eq!(vals("zweitausend dreitausend"), vec![2000.0, 3000.0]);
        assert_eq!(vals("cinq **mille** cent"), vec![5100.0]);
        assert_eq!(vals("`cinco mil cien`"), vec![5100.0]);
        assert_eq!(vals("cinco mil e cem"), vec![5100.0]);
        assert_eq!(vals("mil doscientos cincuenta"), vec![1250.0]);
        assert_eq!(vals("пять тысяч"), vec![5000.0]);
        assert_eq!(vals("пять тысяч, сто"), vec![5000.0]);
        assert_eq!(vals("пять тысяч\nсто"), vec![5000.0]);
        assert_eq!(vals("пять тысяч пять тысяч"), vec![5000.0]);
        assert_eq!(vals("сто двести"), vec![200.0]);
        assert_eq!(vals("сто пять"), vec![105.0]);
        assert_eq!(vals("piec tysiecy"), vec![5000.0]);
        assert_eq!(vals("vijfduizend"), vec![5000.0]);
        assert_eq!(vals("femtusen"), vec![5000.0]);
        // A Latin phrase with a Cyrillic look-alike in a word other than its anchor.
        assert_eq!(vals("cinq mille cеnt"), vec![5100.0]);
    }

    #[test]
    fn never_panics() {
        let samples = [
            "", "-", " - ", "ß", "ẞ", "dreißig", "DREISSIG", "\u{301}", "é", "🙂cent🙂", "cent🙂mille",
            "mil\u{2010}cien", "百百百百百百百百百", "万万万", "〇〇", "1.万", ".万", "9999999999999999999万",
            "1.2.3万", "9.9.9", "億億", "一二三四五六七八九〇一二三四五六七八九〇", "MMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM",
            "cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent cent",
        ];
        for s in samples {
            vals(s);
        }
        // Every prefix/suffix of a mixed string (byte offsets on char boundaries).
        let mixed = "cinq mille cent, 五千一百 MMMMMC funftausendeinhundert 1万2千 dreißig dos mil";
        for (i, _) in mixed.char_indices() {
            vals(&mixed[i..]);
            vals(&mixed[..i]);
        }
        // Long runs stay linear.
        let long = "mille ".repeat(20_000) + &"cinquecento".repeat(5_000) + &"万".repeat(10_000);
        vals(&long);
        let long2 = "a".repeat(100_000) + "cent" + &"b".repeat(100_000);
        vals(&long2);
        let long3 = "万".to_string() + &"1".repeat(100_000) + "万" + &"un ".repeat(50_000) + "cent";
        vals(&long3);
        // Deterministic fuzz: random concatenations of fragments that stress the parsers.
        let frags = [
            "cinq",
            "mille",
            "cent",
            "-",
            " ",
            "  ",
            "et",
            "und",
            "y",
            "e",
            "vingt",
            "quatre",
            "dix",
            "sept",
            "funf",
            "tausend",
            "hundert",
            "zwei",
            "dreißig",
            "ẞ",
            "cento",
            "mila",
            "due",
            "ventotto",
            "mil",
            "millones",
            "dos",
            "cien",
            "cem",
            "duzentos",
            "milhoes",
            "一",
            "千",
            "百",
            "万",
            "億",
            "零",
            "〇",
            "两",
            "1",
            "2.4",
            ".",
            ",",
            "M",
            "C",
            "D",
            "X",
            "I",
            "m",
            "c",
            "\n",
            "é",
            "\u{301}",
            "🙂",
            "_",
            "*",
            "a",
            "पाँच",
            "हज़ार",
            "सौ",
            "स",
            "पच",
            "\u{94D}",
            "डेढ़",
            "خمسة",
            "آلاف",
            "و",
            "ومائة",
            "ألفين",
            "\u{64E}",
            "חמשת",
            "אלפ'ם",
            "'",
            "ו",
            "אלפיים",
            "ごせん",
            "ひゃく",
            "っ",
            "ー",
            "に",
            "\u{3099}",
            "wu",
            "qian",
            "yi",
            "bai",
            "wan",
            "3",
            "sau",
            "hazaar",
            "lakh",
            "dedh",
            "ek",
            "nam",
            "nghin",
            "tram",
            "muoi",
            "lam",
            "le",
            "khong",
            "ribu",
            "ratus",
            "puluh",
            "belas",
            "tisic",
            "set",
            "sta",
            "tusen",
            "og",
            "tyve",
            "tuhatta",
            "sataa",
            "kymmenta",
            "ezer",
            "szaz",
            "mii",
            "sute",
            "de",
            "libo",
            "daan",
            "na",
            "at",
            "elfu",
            "mia",
            "tano",
            "laki",
            "dek",
            "hogeita",
            "hamar",
            "хиляди",
            "и",
        ];
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..3_000 {
            let mut s = String::new();
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let len = (seed >> 59) as usize + 1;
            for _ in 0..len * 3 {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                s.push_str(frags[(seed >> 33) as usize % frags.len()]);
            }
            for v in vals(&s) {
                assert!(v.is_finite() && v >= 100.0, "{s:?}: {v}");
            }
        }
    }

    /// Realistic English ops text: nothing in it is a foreign number.
    const ENGLISH: &str = "\
The consumer group orders-v2 is lagging by about five thousand messages on partition 3.
Once the rebalance finished, the lag dropped to 120 within a minute.
Due to the network partition, six brokers were marked as offline for 40 seconds.
We spent six cents per million requests on egress last month, roughly 2 percent more.
The p99 latency is 250 milliseconds; the p50 is 12 milliseconds, which is efficient.
Please seize the lock before editing the ConfigMap, then release it once done.
Run kubectl -n prod rollout restart deploy/checkout and watch the pods come back.
NAME                       READY   STATUS    RESTARTS   AGE
checkout-7d9f8b6c4-a7t7f   1/1     Running   0          3d4h
orders-5b8c9d7f2-pttc7     2/2     Running   1          9d
GROUP   TOPIC   PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG   CONSUMER-ID  HOST  CLIENT-ID
orders  orders  0          104532          109632          5100  consumer-1-a /10.0.3.7 consumer-1
kafka_consumergroup_lag{group=\"orders\",topic=\"orders\",partition=\"0\"} 5100
http_requests_total{code=\"200\",method=\"GET\",handler=\"/api/v1/orders\"} 1.234e+06
node_memory_MemAvailable_bytes{instance=\"10.0.3.7:9100\"} 2.4e+09
2024-05-17T10:22:31Z WARN  [consumer] commit failed, retrying in 100ms (attempt 3 of 5)
2024-05-17T10:22:32Z INFO  [cli] CI/CD pipeline #4512 finished, artifacts uploaded to the DC bucket
The CLI prints dates as YYYY-MM-DD and times as HH:MM:SS; the MMM dd format is for logs.
Mix the old and new configs carefully: DID the canary pass? It did, at a 5 percent error budget.
An elf in the dev channel asked what die size the new CPU uses; nobody knew.
The recent announcement about placement groups and replacement nodes was sufficient.
Set max.poll.interval.ms to 300000 and session.timeout.ms to 45000 for the slow consumer.
The alert fired at 10:42 UTC: KafkaConsumerLagHigh, severity=critical, lag above 5000.
Sept 12 deploy: we moved the ML pipeline from the MD cluster to the CD region.
CPU throttling on the sei-worker nodes hit 60 percent; the nove-cache pods were fine.
Los tres scripts ran fine, said the dos tooling team, and the once-a-day job too.
Units: 1 mil = 0.001 inch, as the hardware team noted for the cable spec.
The payment service handles a million requests per day and costs a few cents per hour.
The centre of the dashboard shows the percentile heatmap for the central region.
We centralised the milestones in the family of similar services last decade.
Disk usage is at 87 percent on /var/lib/kafka; consider raising retention.bytes.
kubectl get hpa orders -o yaml | grep -i targetCPUUtilizationPercentage
error: unable to upgrade connection: container not found (\"sidecar\")
Memory: 3528Mi of 4096Mi requested; the OOMKilled pod restarted 29 times (54m ago).
The on-call engineer (Mila) escalated to Otto from the platform team at 3am.
Our VM image uses DIV/MOD helpers from libcdc; see the CDI spec and the MDX docs.
The civil service portal had vivid graphs, but the livid manager wanted milder alerts.
A once-off migration moved six million rows; DOS attacks were blocked by the WAF.
Et cetera: e.g. the cent-based billing and the mil-spec connectors are out of scope.
Latency budget: 100 ms for the gateway, 250 ms for checkout, 1 s end to end.
Throughput dropped from 5,100 to 4,800 msg/s after the broker restart.
Grafana panel 'Consumer lag (messages)' shows a sawtooth between 4k and 6k.
The Deployment has 3 replicas; the PodDisruptionBudget allows one voluntary eviction.
We use the MIT licence, an MX record for mail, and CC the security list on incidents.
Helm chart version 1.12.3 pinned the image tag to v2.4.0-rc1 for the canary.
Mix in some jitter: sleep $((RANDOM % 100)) milliseconds before each retry.
ClusterIP 10.52.196.153, ports 9090/TCP and 9102/TCP, age 203d.
The team said una volta, twice, then moved on to the uno-reverse joke in the retro.
Vier pods restarted; die Ursache was the elf-minute DNS outage (neun alerts total).
";

    /// Ops text in the new languages with small numbers, lone scale words and words that
    /// hold a stem (`стоимость`, `статус`, `миллисекунд`, `tysiąclecie`, `honderden`): nothing
    /// in it is a number of 100 or more.
    const OTHER_LANGS: &str = "\
Группа потребителей orders отстаёт: статус консьюмера стабильный, лаг растёт постоянно.
Перезапустили три пода за сорок минут; стоимость простоя составила сто процентов бюджета.
Задержка p99 равна 250 миллисекундам, а средняя — 12 миллисекунд; это достаточно быстро.
Тысяча благодарностей команде! Миллион вопросов осталось, но система стабильна.
Состояние кластера: пять брокеров, два контроллера, один из них в статусе standby.
Сотни сообщений в секунду — это нормально; стоп-кран не нужен, поставьте алерт.
Статистика по партициям: от 1 до 64, столбец LAG показывает отставание каждой.
Постоянные переподключения: проверьте настройки session.timeout.ms и max.poll.interval.ms.
Стоит увеличить число потоков до восьми, если нагрузка вырастет в два раза.
Журнал событий хранит историю за тридцать дней; старые сегменты удаляются.
Група споживачів відстає: статус стабільний, тиск на брокери зростає, п'ять подів живі.
Вартість простою — сто відсотків бюджету; тисяча дякую команді за швидку реакцію.
Opóźnienie rośnie: stan klastra stabilny, pięć brokerów, dwa kontrolery, sto procent CPU.
Tysiąclecie minęło, a konsumenci nadal czekają; stopień replikacji wynosi trzy.
De achterstand groeit: honderden berichten per seconde, vijf brokers en twee controllers.
Duizend dank aan het team; de status is stabiel en de vertraging is twaalf milliseconden.
Eftersläpningen växer: hundratals meddelanden per sekund, fem mäklare och två styrenheter.
Tusen tack till teamet; statusen är stabil och fördröjningen är tolv millisekunder.
कंज्यूमर ग्रुप का लैग बढ़ रहा है; पाँच से दस मिनट में दो से तीन पॉड रीस्टार्ट हुए, हज़ारों संदेश बाकी हैं।
इस तरह लाखों लोग सौ बार सोचते हैं, बस एक से ज़्यादा बार नहीं; सौदा पक्का करो।
تأخر مجموعة المستهلكين يتزايد؛ أعد تشغيل خمسة خوادم خلال عشرين دقيقة، آلاف الرسائل في الانتظار.
لست متأكدا من السبب، لكن نسبة الخطأ في المائة الأولى كانت منخفضة جدا.
העיכוב של קבוצת הצרכנים גדל; הפעלנו מחדש חמישה שרתים תוך עשרים דקות, אלפי הודעות ממתינות.
מאה אחוז מהשרתים תקינים מאז המאה העשרים ואחת, ואחד מאלף נכשל.
コンシューマーグループのラグがふえています。ごふんごにポッドをさいきどうしてください。
せんせいにもれんらくしました。ここにおいておきます。わかりません、すみません。
Ni hao, wo xiang wen yi xia, consumer lag wei shen me zeng jia le? Bai tuo, xie xie, wan shang hao.
Bhai, consumer lag badh raha hai, do-teen pods restart karo, hazaaron messages pending hain, sau baat ki ek baat.
Độ trễ của nhóm tiêu thụ đang tăng; hãy khởi động lại ba pod trong năm phút, hàng nghìn tin nhắn đang chờ ở trạm.
Lag grup konsumen terus naik; mulai ulang tiga pod dalam lima menit, ribuan pesan masih menunggu distribusi.
Zpoždění skupiny roste: restartujte tři pody za pět minut, tisíce zpráv čekají, sto procent CPU.
Forsinkelsen vokser: start tre poder på nytt om fem minutter, hundrevis av meldinger venter, tusen takk.
Kuluttajaryhmän viive kasvaa: käynnistä kolme podia uudelleen viidessä minuutissa, tuhansia viestejä odottaa.
A fogyasztói csoport késése nő: indíts újra három podot öt percen belül, ezer köszönet a csapatnak.
Întârzierea grupului crește: reporniți trei poduri în cinci minute, mii de mesaje așteaptă, sute de erori.
El retard del grup creix: reinicieu tres pods en cinc minuts, mil gràcies a l'equip, cent per cent.
Закъснението расте: рестартирайте три пода за пет минути, хиляди съобщения чакат, сто процента CPU.
Tumataas ang lag: i-restart ang tatlong pod sa loob ng limang minuto, libu-libong mensahe ang naghihintay sa daan.
Ucheleweshaji unaongezeka: anzisha upya podi tatu ndani ya dakika tano, ujumbe elfu unasubiri, Mia anajua.
";

    #[test]
    fn other_languages_ops_text_emits_nothing() {
        for line in OTHER_LANGS.lines() {
            let norm = crate::matcher::normalize::normalize(line);
            assert_eq!(vals(&norm), Vec::<f64>::new(), "{line:?}");
            // The text as written (marks kept), which the matcher reads too.
            if let Some(alt) = crate::matcher::normalize::normalize_alt(line) {
                assert_eq!(vals(&alt), Vec::<f64>::new(), "{line:?}");
            }
        }
    }

    #[test]
    fn english_ops_text_emits_nothing() {
        assert!(ENGLISH.lines().count() >= 40);
        for line in ENGLISH.lines() {
            assert_eq!(vals(line), Vec::<f64>::new(), "{line:?}");
        }
        assert_eq!(vals(ENGLISH), Vec::<f64>::new());
    }

    #[test]
    fn benign_corpus_emits_nothing() {
        // The matcher's false-positive corpus, when present.
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/benign_ops.txt");
        let Ok(corpus) = std::fs::read_to_string(path) else {
            return;
        };
        for line in corpus.lines() {
            assert_eq!(vals(line), Vec::<f64>::new(), "{line:?}");
        }
    }

    // ---- Independent writers for the property test ----

    fn fr99(n: u64) -> String {
        const U: [&str; 17] = [
            "", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix",
            "onze", "douze", "treize", "quatorze", "quinze", "seize",
        ];
        const T: [&str; 7] = [
            "",
            "",
            "vingt",
            "trente",
            "quarante",
            "cinquante",
            "soixante",
        ];
        match n {
            0..=16 => U[n as usize].to_string(),
            17..=19 => format!("dix-{}", U[n as usize - 10]),
            20..=69 => {
                let (t, u) = (T[n as usize / 10], n % 10);
                match u {
                    0 => t.to_string(),
                    1 => format!("{t} et un"),
                    _ => format!("{t}-{}", U[u as usize]),
                }
            }
            71 => "soixante et onze".to_string(),
            70..=79 => format!("soixante-{}", fr99(n - 60)),
            80 => "quatre-vingts".to_string(),
            _ => format!("quatre-vingt-{}", fr99(n - 80)),
        }
    }

    fn fr999(n: u64, before_mille: bool) -> String {
        let (h, r) = (n / 100, n % 100);
        let mut s = match h {
            0 => String::new(),
            1 => "cent".to_string(),
            _ => format!(
                "{} cent{}",
                fr99(h),
                if r == 0 && !before_mille { "s" } else { "" }
            ),
        };
        if r > 0 {
            if !s.is_empty() {
                s.push(' ');
            }
            s += &fr99(r);
        }
        s
    }

    fn fr(n: u64) -> String {
        let (m, t, r) = (n / 1_000_000, n / 1000 % 1000, n % 1000);
        let mut parts = Vec::new();
        match m {
            0 => {}
            1 => parts.push("un million".to_string()),
            _ => parts.push(format!("{} millions", fr999(m, false))),
        }
        match t {
            0 => {}
            1 => parts.push("mille".to_string()),
            _ => parts.push(format!("{} mille", fr999(t, true))),
        }
        if r > 0 {
            parts.push(fr999(r, false));
        }
        let s = parts.join(" ");
        // The 1990 spelling joins every part with hyphens.
        if n.is_multiple_of(2) {
            s.replace(' ', "-")
        } else {
            s
        }
    }

    fn es99(n: u64, apocope: bool) -> String {
        const U: [&str; 30] = [
            "",
            "uno",
            "dos",
            "tres",
            "cuatro",
            "cinco",
            "seis",
            "siete",
            "ocho",
            "nueve",
            "diez",
            "once",
            "doce",
            "trece",
            "catorce",
            "quince",
            "dieciseis",
            "diecisiete",
            "dieciocho",
            "diecinueve",
            "veinte",
            "veintiuno",
            "veintidos",
            "veintitres",
            "veinticuatro",
            "veinticinco",
            "veintiseis",
            "veintisiete",
            "veintiocho",
            "veintinueve",
        ];
        const T: [&str; 10] = [
            "",
            "",
            "",
            "treinta",
            "cuarenta",
            "cincuenta",
            "sesenta",
            "setenta",
            "ochenta",
            "noventa",
        ];
        let unit = |u: u64| {
            if u == 1 && apocope {
                "un".to_string()
            } else {
                U[u as usize].to_string()
            }
        };
        match n {
            1 => unit(1),
            21 if apocope => "veintiun".to_string(),
            0..=29 => U[n as usize].to_string(),
            _ if n.is_multiple_of(10) => T[n as usize / 10].to_string(),
            _ => format!("{} y {}", T[n as usize / 10], unit(n % 10)),
        }
    }

    fn es999(n: u64, apocope: bool) -> String {
        const H: [&str; 10] = [
            "",
            "ciento",
            "doscientos",
            "trescientos",
            "cuatrocientos",
            "quinientos",
            "seiscientos",
            "setecientos",
            "ochocientos",
            "novecientos",
        ];
        if n == 100 {
            return "cien".to_string();
        }
        let (h, r) = (n / 100, n % 100);
        let mut s = H[h as usize].to_string();
        if r > 0 {
            if !s.is_empty() {
                s.push(' ');
            }
            s += &es99(r, apocope);
        }
        s
    }

    fn es(n: u64) -> String {
        let (m, t, r) = (n / 1_000_000, n / 1000 % 1000, n % 1000);
        let mut parts = Vec::new();
        match m {
            0 => {}
            1 => parts.push("un millon".to_string()),
            _ => parts.push(format!("{} millones", es999(m, true))),
        }
        match t {
            0 => {}
            1 => parts.push("mil".to_string()),
            _ => parts.push(format!("{} mil", es999(t, true))),
        }
        if r > 0 {
            parts.push(es999(r, false));
        }
        parts.join(" ")
    }

    fn de99(n: u64, last: bool) -> String {
        const U: [&str; 10] = [
            "", "ein", "zwei", "drei", "vier", "funf", "sechs", "sieben", "acht", "neun",
        ];
        const TEEN: [&str; 10] = [
            "zehn", "elf", "zwolf", "dreizehn", "vierzehn", "funfzehn", "sechzehn", "siebzehn",
            "achtzehn", "neunzehn",
        ];
        const T: [&str; 10] = [
            "", "", "zwanzig", "dreißig", "vierzig", "funfzig", "sechzig", "siebzig", "achtzig",
            "neunzig",
        ];
        match n {
            0 => String::new(),
            1 if last => "eins".to_string(),
            1..=9 => U[n as usize].to_string(),
            10..=19 => TEEN[n as usize - 10].to_string(),
            _ if n.is_multiple_of(10) => T[n as usize / 10].to_string(),
            _ => format!("{}und{}", U[n as usize % 10], T[n as usize / 10]),
        }
    }

    fn de999(n: u64, last: bool, short: bool) -> String {
        let (h, r) = (n / 100, n % 100);
        let mut s = match h {
            0 => String::new(),
            1 if short => "hundert".to_string(),
            _ => format!("{}hundert", de99(h, false)),
        };
        s += &de99(r, last);
        s
    }

    fn de(n: u64) -> String {
        let (m, t, r) = (n / 1_000_000, n / 1000 % 1000, n % 1000);
        let short = n.is_multiple_of(3); // `hundert`/`tausend` without `ein`
        let mut head = match m {
            0 => String::new(),
            1 => "eine Million".to_string(),
            _ => format!("{} Millionen", de999(m, false, short)),
        };
        let mut word = match t {
            0 => String::new(),
            1 if short => "tausend".to_string(),
            _ => format!("{}tausend", de999(t, false, short)),
        };
        if r > 0 {
            if !word.is_empty() && n.is_multiple_of(5) {
                word.push(' ');
            }
            word += &de999(r, true, short);
        }
        if !head.is_empty() && !word.is_empty() {
            head.push(' ');
        }
        head + &word
    }

    fn it99(n: u64, apocope: bool) -> String {
        const U: [&str; 20] = [
            "",
            "uno",
            "due",
            "tre",
            "quattro",
            "cinque",
            "sei",
            "sette",
            "otto",
            "nove",
            "dieci",
            "undici",
            "dodici",
            "tredici",
            "quattordici",
            "quindici",
            "sedici",
            "diciassette",
            "diciotto",
            "diciannove",
        ];
        const T: [&str; 10] = [
            "",
            "",
            "venti",
            "trenta",
            "quaranta",
            "cinquanta",
            "sessanta",
            "settanta",
            "ottanta",
            "novanta",
        ];
        if n < 20 {
            return U[n as usize].to_string();
        }
        let (t, u) = (T[n as usize / 10], n % 10);
        match u {
            0 => t.to_string(),
            1 if apocope => format!("{}un", &t[..t.len() - 1]),
            1 | 8 => format!("{}{}", &t[..t.len() - 1], U[u as usize]),
            _ => format!("{t}{}", U[u as usize]),
        }
    }

    fn it999(n: u64, apocope: bool) -> String {
        let (h, r) = (n / 100, n % 100);
        let mut s = match h {
            0 => String::new(),
            1 => "cento".to_string(),
            _ => format!("{}cento", it99(h, false)),
        };
        // `cento` drops its vowel before `ottanta`/`otto`.
        if h > 0 && (r / 10 == 8 || r == 8) {
            s.pop();
        }
        s += &it99(r, apocope && h == 0);
        s
    }

    fn it(n: u64) -> String {
        let (m, t, r) = (n / 1_000_000, n / 1000 % 1000, n % 1000);
        let head = match m {
            0 => String::new(),
            1 => "un milione".to_string(),
            _ => format!("{} milioni", it999(m, false)),
        };
        let mut word = match t {
            0 => String::new(),
            1 => "mille".to_string(),
            _ => format!("{}mila", it999(t, true)),
        };
        word += &it999(r, false);
        match (head.is_empty(), word.is_empty()) {
            (false, false) => format!("{head} {word}"),
            (true, _) => word,
            (false, true) => head,
        }
    }

    fn pt99(n: u64) -> String {
        const U: [&str; 20] = [
            "",
            "um",
            "dois",
            "tres",
            "quatro",
            "cinco",
            "seis",
            "sete",
            "oito",
            "nove",
            "dez",
            "onze",
            "doze",
            "treze",
            "catorze",
            "quinze",
            "dezesseis",
            "dezessete",
            "dezoito",
            "dezenove",
        ];
        const T: [&str; 10] = [
            "",
            "",
            "vinte",
            "trinta",
            "quarenta",
            "cinquenta",
            "sessenta",
            "setenta",
            "oitenta",
            "noventa",
        ];
        match n {
            0..=19 => U[n as usize].to_string(),
            _ if n.is_multiple_of(10) => T[n as usize / 10].to_string(),
            _ => format!("{} e {}", T[n as usize / 10], U[n as usize % 10]),
        }
    }

    fn pt999(n: u64) -> String {
        const H: [&str; 10] = [
            "",
            "cento",
            "duzentos",
            "trezentos",
            "quatrocentos",
            "quinhentos",
            "seiscentos",
            "setecentos",
            "oitocentos",
            "novecentos",
        ];
        if n == 100 {
            return "cem".to_string();
        }
        let (h, r) = (n / 100, n % 100);
        match (h, r) {
            (0, _) => pt99(r),
            (_, 0) => H[h as usize].to_string(),
            _ => format!("{} e {}", H[h as usize], pt99(r)),
        }
    }

    fn pt(n: u64) -> String {
        let (m, t, r) = (n / 1_000_000, n / 1000 % 1000, n % 1000);
        let mut groups: Vec<(String, u64)> = Vec::new();
        match m {
            0 => {}
            1 => groups.push(("um milhao".to_string(), m)),
            _ => groups.push((format!("{} milhoes", pt999(m)), m)),
        }
        match t {
            0 => {}
            1 => groups.push(("mil".to_string(), t)),
            _ => groups.push((format!("{} mil", pt999(t)), t)),
        }
        if r > 0 {
            groups.push((pt999(r), r));
        }
        let mut s = String::new();
        let last = groups.len().saturating_sub(1);
        for (i, (g, v)) in groups.iter().enumerate() {
            if i > 0 {
                // `e` before the last group when it is below 100 or whole hundreds.
                s += if i == last && (*v < 100 || v % 100 == 0) {
                    " e "
                } else {
                    " "
                };
            }
            s += g;
        }
        s
    }

    /// Chinese, Japanese (no 一 before 十百千, no 零) or financial style.
    fn cjk_w(n: u64, style: u8) -> String {
        let digits: [char; 10] = if style == 2 {
            ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖']
        } else {
            ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九']
        };
        let units: [char; 3] = if style == 2 {
            ['仟', '佰', '拾']
        } else {
            ['千', '百', '十']
        };
        let section = |n: u64, out: &mut String, first: bool| {
            let ds = [n / 1000, n / 100 % 10, n / 10 % 10, n % 10];
            let mut started = false;
            let mut gap = false;
            for (k, &d) in ds.iter().enumerate() {
                if d == 0 {
                    gap |= started;
                    continue;
                }
                if gap && style != 1 {
                    out.push(digits[0]);
                }
                gap = false;
                let omit_one = d == 1 && k < 3 && (style == 1 || (k == 2 && !started && first));
                if !omit_one {
                    out.push(digits[d as usize]);
                }
                if k < 3 {
                    out.push(units[k]);
                }
                started = true;
            }
        };
        let (hi, lo) = (n / 10_000, n % 10_000);
        let mut s = String::new();
        if hi > 0 {
            section(hi, &mut s, true);
            s.push(if style == 2 { '萬' } else { '万' });
            if lo > 0 {
                if lo < 1000 && style != 1 {
                    s.push(digits[0]);
                }
                section(lo, &mut s, false);
            }
        } else {
            section(lo, &mut s, true);
        }
        s
    }

    fn roman_w(n: u64) -> String {
        super::roman_letters(u32::try_from(n).unwrap_or(0))
    }

    /// Slavic plural of a scale word after `n`: one, few (2..=4), many (and 11..=14).
    /// Polish takes `many` after 1 inside a longer number (`dwadzieścia jeden tysięcy`).
    fn slavic_form(n: u64, forms: [&str; 3], polish: bool) -> &str {
        match (n % 10, n % 100) {
            (_, 11..=14) => forms[2],
            (1, _) if !polish || n == 1 => forms[0],
            (2..=4, _) => forms[1],
            _ => forms[2],
        }
    }

    fn ru999(n: u64, fem: bool) -> String {
        const U: [&str; 20] = [
            "",
            "один",
            "два",
            "три",
            "четыре",
            "пять",
            "шесть",
            "семь",
            "восемь",
            "девять",
            "десять",
            "одиннадцать",
            "двенадцать",
            "тринадцать",
            "четырнадцать",
            "пятнадцать",
            "шестнадцать",
            "семнадцать",
            "восемнадцать",
            "девятнадцать",
        ];
        const T: [&str; 10] = [
            "",
            "",
            "двадцать",
            "тридцать",
            "сорок",
            "пятьдесят",
            "шестьдесят",
            "семьдесят",
            "восемьдесят",
            "девяносто",
        ];
        const H: [&str; 10] = [
            "",
            "сто",
            "двести",
            "триста",
            "четыреста",
            "пятьсот",
            "шестьсот",
            "семьсот",
            "восемьсот",
            "девятьсот",
        ];
        let unit = |u: u64| match u {
            1 if fem => "одна",
            2 if fem => "две",
            _ => U[u as usize],
        };
        let (h, r) = (n / 100, n % 100);
        let mut w = vec![H[h as usize]];
        match r {
            0 => {}
            1..=9 => w.push(unit(r)),
            10..=19 => w.push(U[r as usize]),
            _ => {
                w.push(T[r as usize / 10]);
                if r % 10 > 0 {
                    w.push(unit(r % 10));
                }
            }
        }
        w.retain(|s| !s.is_empty());
        w.join(" ")
    }

    fn ru(n: u64) -> String {
        let (m, t, r) = (n / 1_000_000, n / 1000 % 1000, n % 1000);
        let mut parts = Vec::new();
        if m > 0 {
            let form = slavic_form(m, ["миллион", "миллиона", "миллионов"], false);
            parts.push(if m == 1 {
                form.to_string()
            } else {
                format!("{} {form}", ru999(m, false))
            });
        }
        if t > 0 {
            let form = slavic_form(t, ["тысяча", "тысячи", "тысяч"], false);
            parts.push(match t {
                1 if n.is_multiple_of(2) => form.to_string(),
                _ => format!("{} {form}", ru999(t, true)),
            });
        }
        if r > 0 {
            parts.push(ru999(r, false));
        }
        parts.join(" ")
    }

    fn uk999(n: u64, fem: bool, apos: &str) -> String {
        const U: [&str; 20] = [
            "",
            "один",
            "два",
            "три",
            "чотири",
            "п'ять",
            "шість",
            "сім",
            "вісім",
            "дев'ять",
            "десять",
            "одинадцять",
            "дванадцять",
            "тринадцять",
            "чотирнадцять",
            "п'ятнадцять",
            "шістнадцять",
            "сімнадцять",
            "вісімнадцять",
            "дев'ятнадцять",
        ];
        const T: [&str; 10] = [
            "",
            "",
            "двадцять",
            "тридцять",
            "сорок",
            "п'ятдесят",
            "шістдесят",
            "сімдесят",
            "вісімдесят",
            "дев'яносто",
        ];
        const H: [&str; 10] = [
            "",
            "сто",
            "двісті",
            "триста",
            "чотириста",
            "п'ятсот",
            "шістсот",
            "сімсот",
            "вісімсот",
            "дев'ятсот",
        ];
        let unit = |u: u64| match u {
            1 if fem => "одна",
            2 if fem => "дві",
            _ => U[u as usize],
        };
        let (h, r) = (n / 100, n % 100);
        let mut w = vec![H[h as usize]];
        match r {
            0 => {}
            1..=9 => w.push(unit(r)),
            10..=19 => w.push(U[r as usize]),
            _ => {
                w.push(T[r as usize / 10]);
                if r % 10 > 0 {
                    w.push(unit(r % 10));
                }
            }
        }
        w.retain(|s| !s.is_empty());
        w.join(" ").replace('\'', apos)
    }

    fn uk(n: u64) -> String {
        let apos = ["'", "\u{2019}", "\u{02BC}"][(n % 3) as usize];
        let (m, t, r) = (n / 1_000_000, n / 1000 % 1000, n % 1000);
        let mut parts = Vec::new();
        if m > 0 {
            let form = slavic_form(m, ["мільйон", "мільйони", "мільйонів"], false);
            parts.push(format!("{} {form}", uk999(m, false, apos)));
        }
        if t > 0 {
            let form = slavic_form(t, ["тисяча", "тисячі", "тисяч"], false);
            parts.push(match t {
                1 => form.to_string(),
                _ => format!("{} {form}", uk999(t, true, apos)),
            });
        }
        if r > 0 {
            parts.push(uk999(r, false, apos));
        }
        parts.join(" ")
    }

    fn pl999(n: u64) -> String {
        const U: [&str; 20] = [
            "",
            "jeden",
            "dwa",
            "trzy",
            "cztery",
            "pięć",
            "sześć",
            "siedem",
            "osiem",
            "dziewięć",
            "dziesięć",
            "jedenaście",
            "dwanaście",
            "trzynaście",
            "czternaście",
            "piętnaście",
            "szesnaście",
            "siedemnaście",
            "osiemnaście",
            "dziewiętnaście",
        ];
        const T: [&str; 10] = [
            "",
            "",
            "dwadzieścia",
            "trzydzieści",
            "czterdzieści",
            "pięćdziesiąt",
            "sześćdziesiąt",
            "siedemdziesiąt",
            "osiemdziesiąt",
            "dziewięćdziesiąt",
        ];
        const H: [&str; 10] = [
            "",
            "sto",
            "dwieście",
            "trzysta",
            "czterysta",
            "pięćset",
            "sześćset",
            "siedemset",
            "osiemset",
            "dziewięćset",
        ];
        let (h, r) = (n / 100, n % 100);
        let mut w = vec![H[h as usize]];
        match r {
            0..=19 => w.push(U[r as usize]),
            _ => {
                w.push(T[r as usize / 10]);
                w.push(U[r as usize % 10]);
            }
        }
        w.retain(|s| !s.is_empty());
        w.join(" ")
    }

    fn pl(n: u64) -> String {
        let (m, t, r) = (n / 1_000_000, n / 1000 % 1000, n % 1000);
        let mut parts = Vec::new();
        if m > 0 {
            let form = slavic_form(m, ["milion", "miliony", "milionów"], true);
            parts.push(if m == 1 {
                form.to_string()
            } else {
                format!("{} {form}", pl999(m))
            });
        }
        if t > 0 {
            let form = slavic_form(t, ["tysiąc", "tysiące", "tysięcy"], true);
            parts.push(if t == 1 {
                form.to_string()
            } else {
                format!("{} {form}", pl999(t))
            });
        }
        if r > 0 {
            parts.push(pl999(r));
        }
        parts.join(" ")
    }

    fn nl999(n: u64, spaced: bool) -> String {
        const U: [&str; 20] = [
            "",
            "een",
            "twee",
            "drie",
            "vier",
            "vijf",
            "zes",
            "zeven",
            "acht",
            "negen",
            "tien",
            "elf",
            "twaalf",
            "dertien",
            "veertien",
            "vijftien",
            "zestien",
            "zeventien",
            "achttien",
            "negentien",
        ];
        const T: [&str; 10] = [
            "", "", "twintig", "dertig", "veertig", "vijftig", "zestig", "zeventig", "tachtig",
            "negentig",
        ];
        let (h, r) = (n / 100, n % 100);
        let mut s = match h {
            0 => String::new(),
            1 if spaced => "honderd".to_string(),
            _ => format!("{}honderd", U[h as usize]),
        };
        match r {
            0..=19 => s += U[r as usize],
            _ if r % 10 == 0 => s += T[r as usize / 10],
            _ => {
                let u = U[r as usize % 10];
                let en = if u.ends_with('e') { "ën" } else { "en" };
                s += &format!("{u}{en}{}", T[r as usize / 10]);
            }
        }
        s
    }

    fn nl(n: u64) -> String {
        let (m, t, r) = (n / 1_000_000, n / 1000 % 1000, n % 1000);
        let spaced = n.is_multiple_of(2);
        let mut s = match m {
            0 => String::new(),
            1 => "een miljoen".to_string(),
            _ => format!("{} miljoen", nl999(m, spaced)),
        };
        let mut word = match t {
            0 => String::new(),
            1 => "duizend".to_string(),
            _ => format!("{}duizend", nl999(t, spaced)),
        };
        if r > 0 {
            if spaced && !word.is_empty() {
                word.push(' ');
            }
            word += &nl999(r, spaced);
        }
        if !s.is_empty() && !word.is_empty() {
            s.push(' ');
        }
        s + &word
    }

    fn sv999(n: u64, spaced: bool) -> String {
        const U: [&str; 20] = [
            "", "ett", "två", "tre", "fyra", "fem", "sex", "sju", "åtta", "nio", "tio", "elva",
            "tolv", "tretton", "fjorton", "femton", "sexton", "sjutton", "arton", "nitton",
        ];
        const T: [&str; 10] = [
            "", "", "tjugo", "trettio", "fyrtio", "femtio", "sextio", "sjuttio", "åttio", "nittio",
        ];
        let (h, r) = (n / 100, n % 100);
        let mut s = match h {
            0 => String::new(),
            1 if spaced => "hundra".to_string(),
            _ => format!("{}hundra", U[h as usize]),
        };
        match r {
            0..=19 => s += U[r as usize],
            _ => s += &format!("{}{}", T[r as usize / 10], U[r as usize % 10]),
        }
        s
    }

    fn sv(n: u64) -> String {
        let (m, t, r) = (n / 1_000_000, n / 1000 % 1000, n % 1000);
        let spaced = n.is_multiple_of(2);
        let mut s = match m {
            0 => String::new(),
            1 => "en miljon".to_string(),
            _ => format!("{} miljoner", sv999(m, spaced)),
        };
        let mut word = match t {
            0 => String::new(),
            1 if spaced => "tusen".to_string(),
            // `ett tusen` written as one word drops a `t`: `ettusen`, `tjugoettusen`.
            _ => format!("{}tusen", sv999(t, spaced)).replace("tttusen", "ttusen"),
        };
        if r > 0 {
            if !word.is_empty() && !n.is_multiple_of(3) {
                word.push(' ');
            }
            word += &sv999(r, spaced);
        }
        if !s.is_empty() && !word.is_empty() {
            s.push(' ');
        }
        s + &word
    }

    /// The texts of the new languages as the matcher sees them (diacritics stripped).
    #[test]
    fn more_writers_round_trip() {
        let mut checked = 0;
        for n in (100..10_000_000u64).step_by(997).chain([
            101, 111, 180, 1001, 1100, 1500, 2400, 5100, 21_000, 22_000, 2_400_000, 9_999_999,
        ]) {
            // 100 and 1000 are lone words (`сто`, `тысяча`): never reported.
            if n == 100 || n == 1000 {
                continue;
            }
            for text in [ru(n), uk(n), pl(n), nl(n), sv(n)] {
                let text = format!("the value is {} today", recase(text, n));
                let norm = crate::matcher::normalize::normalize(&text);
                assert_reads(&norm, n);
            }
            checked += 1;
        }
        assert!(checked > 10_000);
        // Digits before a scale word.
        for n in (1000..10_000_000u64).step_by(1009) {
            let (m, t) = (n / 1_000_000, n / 1000 % 1000);
            if m > 0 {
                let mant = format!("{m},{t:03}");
                let mant = mant.trim_end_matches('0').trim_end_matches(',');
                assert_reads(&format!("около {mant} миллиона"), n / 1000 * 1000);
            } else {
                assert_reads(&format!("около {t} тысяч {}", n % 1000), n);
            }
        }
    }

    /// Vary the case the way a model might: lower, Title, UPPER.
    fn recase(s: String, n: u64) -> String {
        match n % 3 {
            0 => s,
            1 => s.to_uppercase(),
            _ => {
                let mut c = s.chars();
                c.next()
                    .map(|f| f.to_uppercase().chain(c).collect())
                    .unwrap_or_default()
            }
        }
    }

    fn assert_reads(text: &str, n: u64) {
        let got = vals(text);
        assert!(
            got.contains(&(n as f64)),
            "{text:?}: expected {n}, got {got:?}"
        );
        let max = got.iter().cloned().fold(0.0, f64::max);
        assert!(max <= n as f64, "{text:?}: larger value in {got:?}");
    }

    #[test]
    fn writers_round_trip() {
        let mut checked = 0;
        for n in (100..10_000_000u64).step_by(997).chain([
            100, 101, 180, 1100, 5100, 7340, 21_000, 2_400_000, 9_999_999,
        ]) {
            // 100 and 1000 are lone scale words (`cent`, `mil`): never reported.
            if n == 100 || n == 1000 {
                continue;
            }
            for text in [fr(n), es(n), de(n), it(n), pt(n)] {
                assert_reads(&format!("the value is {} today", recase(text, n)), n);
            }
            for style in [0, 2] {
                assert_reads(&cjk_w(n, style), n);
            }
            // Japanese `三千七` (3007) also reads as Chinese speech (3700).
            let ja = cjk_w(n, 1);
            assert!(vals(&ja).contains(&(n as f64)), "{ja:?}: expected {n}");
            checked += 1;
        }
        assert!(checked > 10_000);
        for n in (100..30_000u64).step_by(7) {
            let r = roman_w(n);
            if r.len() < 2 || ROMAN_STOP.contains(&r.as_str()) {
                continue;
            }
            assert_reads(&format!("value {r}."), n);
            if r.len() >= 4 {
                assert_reads(&format!("value {}.", r.to_lowercase()), n);
            }
        }
        // Digit by digit.
        for n in (100..10_000_000u64).step_by(9973) {
            let d: String = n
                .to_string()
                .chars()
                .map(|c| {
                    ['〇', '一', '二', '三', '四', '五', '六', '七', '八', '九']
                        [c as usize - '0' as usize]
                })
                .collect();
            assert_reads(&d, n);
        }
    }

    /// Throughput on English text (best of 10 runs):
    /// `cargo test --release -p orrery-learning-guard -- --ignored --nocapture throughput`.
    #[test]
    #[ignore]
    fn throughput() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/benign_ops.txt");
        let corpus = std::fs::read_to_string(path).unwrap_or_default();
        let other = crate::matcher::normalize::normalize(OTHER_LANGS).into_owned();
        for (name, text) in [
            ("dense English above", ENGLISH.repeat(500)),
            ("other languages above", other.repeat(500)),
            ("benign_ops.txt", corpus.repeat(400)),
        ] {
            if text.is_empty() {
                continue;
            }
            let mut hits = 0;
            let mut best = f64::MAX;
            for _ in 0..10 {
                let start = std::time::Instant::now();
                scan(&text, &mut |_| hits += 1);
                best = best.min(start.elapsed().as_secs_f64());
            }
            let mbs = text.len() as f64 / best / 1e6;
            println!("{name}: {} bytes, {mbs:.0} MB/s", text.len());
            assert_eq!(hits, 0);
        }
    }
}
