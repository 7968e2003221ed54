// The words search understands across French, Arabic and Darija (docs/product.md#search): everyday
// items and the categories, each a concept with its usual spellings. A title and a query that name
// the same concept in any of them find each other ("chaise", "كرسي", "kursi").
//
// Sources: the categories of Hdiya's catalogue and the items of its demo data for the concepts;
// everyday Moroccan usage for the Darija words and their spellings in Arabic and Latin letters
// (the forms members type in classifieds and on WhatsApp, several per word); Arabizi digits as
// commonly typed (2 ء, 3 ع, 5 خ, 6 ط, 7 ح, 8 غ, 9 ق). Not yet checked against a published
// dictionary: spellings vary from member to member, and a search that finds nothing with a word
// people use is the signal to add it here. One word per form, and each form names the concept on its
// own: a word of a phrase ("أطفال" of "عربة أطفال") would send every text holding it to the concept.
// A donation is indexed with this list when it is published or edited; a change here reaches the
// older ones when a migration re-indexes them (as services/donations' SearchWords migration did).

/** A concept and its spellings: French, Arabic (MSA), Darija in Arabic letters, Darija in Latin letters. */
export interface LexiconEntry {
  concept: string;
  fr: readonly string[];
  ar: readonly string[];
  darija: readonly string[];
  latin: readonly string[];
}

/** concept | French | Arabic | Darija (Arabic letters) | Darija (Latin letters, Arabizi); forms separated by spaces. */
const ROWS: readonly string[] = [
  // The categories
  'meuble | meuble meubles mobilier | أثاث | موبيليا أثاث | mobilya atat',
  'vetement | vetement vetements habits fringues | ملابس ثياب لباس | حوايج لبسة | 7wayj hwayj hwayej lbsa lebsa',
  'aliment | aliment aliments nourriture provisions | طعام أكل غذاء | ماكلة | makla mekla',
  'livre | livre livres bouquin bouquins roman | كتاب كتب رواية | كتاب | ktab ktob kteb',
  'jouet | jouet jouets joujou | لعبة ألعاب | لعبة لعيبات | l3ba l3ab l3ibat',
  'electronique | electronique electromenager | إلكترونيات أجهزة | إلكترونيك | electronik',
  'bebe | bebe bebes nourrisson | رضيع رضع | بيبي | bebe bibi',
  'objet | objet objets chose truc | شيء غرض أغراض | حاجة حوايج | 7aja 7ajja haja hajja',
  // Furniture
  'chaise | chaise chaises tabouret | كرسي كراسي | كرسي كراسا | kursi korsi koursi kersi kerasa',
  'table | table tables | طاولة طاولات منضدة | طبلة ميدة | tabla mida tebla',
  'canape | canape canapes sofa banquette | أريكة كنبة | صالون كنبة | salon kanapi sedari',
  'lit | lit lits sommier | سرير أسرة | ناموسية | namousia namusiya',
  'matelas | matelas | مرتبة فراش | مضربة | mdarba mderba',
  'armoire | armoire placard penderie | خزانة دولاب | ماريو دولاب | mario marioo dolab',
  'etagere | etagere etageres rayonnage | رف رفوف | رفوف إطاجير | etajer rfouf',
  'bureau | bureau | مكتب | بيرو | biro',
  'lampe | lampe lampes luminaire | مصباح مصابيح | لامبة ضو | lamba daw dou',
  'tapis | tapis moquette | سجاد سجادة | زربية زرابي | zerbia zarbiya zrabi',
  'rideau | rideau rideaux | ستارة ستائر | ريدو | rido ridou',
  'coussin | coussin coussins oreiller | وسادة وسائد | مخدة مخدات | mkhadda m5adda mkhedda',
  'couverture | couverture couvertures plaid | بطانية غطاء | مانطا بطانية | manta bttania',
  'miroir | miroir glace | مرآة | مرايا | mraya',
  'horloge | horloge pendule montre | ساعة | ماكانة | magana makana sa3a',
  'panier | panier corbeille couffin | سلة | قفة | qoffa 9ffa koffa',
  // The kitchen
  'cuisine | cuisine cuisines | مطبخ | كوزينة | kuzina kouzina kozina couzina',
  'frigo | frigo refrigerateur frigidaire | ثلاجة | تلاجة فريجيدير | tlaja tllaja frijidir',
  'cuisiniere | cuisiniere gaziniere rechaud | موقد طباخة | كوزينيير | kouziniyer',
  'four | four | فرن | فران | fran',
  'microondes | microondes microonde | ميكروويف | ميكروند | mikrond',
  'machinealaver | lavelinge | غسالة | ماشينة غسالة | machina ghassala 8assala',
  'vaisselle | vaisselle | أواني صحون | مواعن | mwa3en mmaa3en mwaen',
  'marmite | marmite casserole cocotte | قدر طنجرة | طنجرة كوكوت | tanjra kokot',
  'tajine | tajine tagine | طاجين | طاجين | tajin tagin',
  'theiere | theiere | إبريق | براد | berrad brad',
  'verre | verre verres | كأس أكواب | كاس كيسان | kas kisan',
  'assiette | assiette assiettes plat | صحن صحون | طبسيل طباسل | tobsil tebsil tbasel',
  'couteau | couteau couteaux | سكين سكاكين | موس | mous',
  'cuillere | cuillere cuilleres | ملعقة ملاعق | معلقة معالق | m3el9a mo3l9a',
  // Food
  'pain | pain | خبز | خبز | khobz 5obz',
  'lait | lait | حليب | حليب | 7lib hlib',
  'riz | riz | أرز | روز | rouz',
  'huile | huile | زيت | زيت | zit',
  'sucre | sucre | سكر | سكر | sokar sukkar',
  'the | the | شاي | أتاي | atay',
  'couscous | couscous semoule | كسكس | كسكسو | seksu kesksou',
  'farine | farine | دقيق طحين | فرينة | farina',
  'legume | legume legumes | خضر خضروات | خضرة | khodra 5odra',
  'fruit | fruit fruits | فواكه فاكهة | فاكية | fakya',
  // Clothes
  'chemise | chemise chemises | قميص قمصان | قميجة | qamija 9amija',
  'pantalon | pantalon pantalons jean | سروال سراويل | سروال سراول | serwal sarwal srawel',
  'robe | robe robes | فستان | كسوة روبة | keswa roba',
  'veste | veste blouson | سترة جاكيت | فيستة جاكيطة | vista jakita',
  'manteau | manteau | معطف | كبوط | kabbout kboot',
  'pull | pull pullover tricot | كنزة | تريكو | triko',
  'chaussure | chaussure chaussures baskets souliers | حذاء أحذية | صباط سبابط | sbat sebbat',
  'chaussette | chaussette chaussettes | جوارب جورب | تقاشر | t9acher tqasher t9ach',
  'djellaba | djellaba jellaba | جلابية جلباب | جلابة | jellaba djellaba',
  'caftan | caftan kaftan takchita | قفطان | قفطان تكشيطة | qaftan 9aftan takchita',
  'sac | sac sacs cartable | حقيبة محفظة | صاك شكارة | sak chkara',
  // Children and school
  'couche | couche couches | حفاظات حفاظ | ليكوش | likouch',
  'biberon | biberon | رضاعة | بيبرون | bibron',
  'poussette | poussette landau | عربة | كروسة | karrossa karossa karoussa',
  'ballon | ballon balle | كرة | كورة بالون | kora koura',
  'cahier | cahier cahiers carnet | دفتر دفاتر | كناش كنانش | kennach konnach',
  'stylo | stylo stylos crayon | قلم أقلام | ستيلو قلم | stylo 9lam',
  // Appliances and devices
  'television | television tele televiseur tv | تلفاز تلفزيون | تلفازة | tlfaza tilfaza tele',
  'telephone | telephone portable smartphone | هاتف جوال | تيليفون بورطابل | tilifon portabl',
  'ordinateur | ordinateur ordi pc laptop | حاسوب | بيسي | pc ordi',
  'ventilateur | ventilateur ventilo | مروحة | مروحة | mrwa7a mrawha',
  'climatiseur | climatiseur clim | مكيف | كليما | klima',
  'aspirateur | aspirateur | مكنسة | أسبيراتور | aspirator',
  'ferarepasser | | مكواة | حديدة | 7dida hdida',
  // Getting around and the house
  'velo | velo velos bicyclette | دراجة | بشكليطة | bchklita bechklita',
  'moto | moto scooter mobylette | | موطور | motor',
  'voiture | voiture auto | سيارة | طوموبيل طونوبيل | tomobil tonobil',
  'outil | outil outils | أداة أدوات | دوزان | douzan',
  'plante | plante plantes fleur | نبتة نباتات زهرة | ورد نبتة | warda werd',
];

const words = (column: string | undefined) => (column ?? '').trim().split(/\s+/).filter(Boolean);

/** Every concept and its spellings (the rows above, read once). */
export const SEARCH_LEXICON: readonly LexiconEntry[] = ROWS.map((row) => {
  const [concept, fr, ar, darija, latin] = row.split('|').map((column) => column.trim());
  return { concept: concept!, fr: words(fr), ar: words(ar), darija: words(darija), latin: words(latin) };
});
