// @ts-check
// Demo objects per category: French and Arabic titles and descriptions, as members would write them.
export const CATALOGUE = {
  1: [
    ['Chaise en bois massif', 'Chaise solide, quelques rayures, parfaite pour un bureau.', 'كرسي خشبي متين', 'كرسي في حالة جيدة مع بعض الخدوش، مناسب للمكتب.'],
    ['Table basse', 'Table basse en bois clair, 90 x 50 cm.', 'طاولة صغيرة', 'طاولة خشبية فاتحة اللون، 90 على 50 سم.'],
    ['Étagère à livres', 'Étagère 5 niveaux, à démonter sur place.', 'رف للكتب', 'رف بخمس طبقات، يجب تفكيكه في عين المكان.'],
    ['Matelas 140 cm', 'Matelas propre, très peu servi, housse lavée.', 'فراش 140 سم', 'فراش نظيف، استعمال قليل جدا.'],
    ['Commode trois tiroirs', 'Commode blanche, un tiroir ferme mal.', 'خزانة بثلاثة أدراج', 'خزانة بيضاء، أحد الأدراج يغلق بصعوبة.'],
    ['Canapé deux places', 'Canapé gris, tissu en bon état, à récupérer au 2e étage.', 'أريكة لشخصين', 'أريكة رمادية بحالة جيدة، في الطابق الثاني.'],
  ],
  2: [
    ['Manteau d’hiver taille M', 'Manteau chaud, porté deux hivers.', 'معطف شتوي مقاس M', 'معطف دافئ، لبس لشتاءين.'],
    ['Lot de vêtements bébé 6 mois', 'Bodies, pyjamas et chaussettes, propres.', 'ملابس رضيع 6 أشهر', 'ملابس نظيفة للرضع: بيجامات وجوارب.'],
    ['Djellaba homme', 'Djellaba beige, taille L, très bon état.', 'جلابة رجالية', 'جلابة بيج مقاس L بحالة ممتازة.'],
    ['Chaussures de sport 38', 'Baskets peu portées, pointure 38.', 'حذاء رياضي مقاس 38', 'حذاء رياضي قليل الاستعمال.'],
    ['Robe de soirée', 'Robe longue bleue, taille 40.', 'فستان سهرة', 'فستان أزرق طويل مقاس 40.'],
  ],
  3: [
    ['Pain et viennoiseries du jour', 'Invendus de la boulangerie, à prendre avant 20 h.', 'خبز وحلويات اليوم', 'ما تبقى من المخبزة، يؤخذ قبل الثامنة مساء.'],
    ['Cageot d’oranges', 'Oranges du jardin, environ 5 kg.', 'صندوق برتقال', 'برتقال من الحديقة، حوالي 5 كيلوغرام.'],
    ['Conserves et pâtes', 'Lot de conserves non entamées, dates valides.', 'معلبات ومعكرونة', 'معلبات غير مفتوحة وصالحة.'],
    ['Huile d’olive maison', 'Deux bouteilles d’un litre, récolte de l’année.', 'زيت زيتون بلدي', 'قنينتان من لتر، من محصول هذه السنة.'],
  ],
  4: [
    ['Livres scolaires 6e année', 'Manuels de français et de maths, annotés au crayon.', 'كتب مدرسية للسنة السادسة', 'كتب الفرنسية والرياضيات مع بعض الملاحظات.'],
    ['Romans en français', 'Une dizaine de romans de poche.', 'روايات بالفرنسية', 'حوالي عشر روايات جيب.'],
    ['Dictionnaire arabe-français', 'Grand format, très bon état.', 'قاموس عربي فرنسي', 'حجم كبير، حالة جيدة جدا.'],
    ['Bandes dessinées', 'Lot de BD pour enfants.', 'قصص مصورة', 'مجموعة قصص مصورة للأطفال.'],
  ],
  5: [
    ['Puzzle 500 pièces', 'Complet, boîte un peu abîmée.', 'لعبة تركيب 500 قطعة', 'كاملة، العلبة متضررة قليلا.'],
    ['Voiture télécommandée', 'Fonctionne, sans piles.', 'سيارة بجهاز تحكم', 'تعمل، بدون بطاريات.'],
    ['Peluches', 'Trois peluches lavées en machine.', 'دمى محشوة', 'ثلاث دمى مغسولة.'],
    ['Jeu de société', 'Jeu de l’oie et dominos.', 'ألعاب جماعية', 'لعبة الإوزة والدومينو.'],
  ],
  6: [
    ['Téléphone Android', 'Écran fissuré dans un coin, fonctionne bien.', 'هاتف أندرويد', 'الشاشة مكسورة في الزاوية، يعمل جيدا.'],
    ['Imprimante jet d’encre', 'Sans cartouches, câble USB fourni.', 'طابعة', 'بدون خراطيش، مع كابل USB.'],
    ['Ventilateur sur pied', 'Trois vitesses, un peu bruyant.', 'مروحة', 'ثلاث سرعات، صاخبة قليلا.'],
    ['Écran d’ordinateur 22 pouces', 'Écran HDMI, quelques pixels morts.', 'شاشة حاسوب', 'شاشة 22 بوصة مع منفذ HDMI.'],
    ['Bouilloire électrique', 'Fonctionne, détartrée.', 'غلاية كهربائية', 'تعمل بشكل جيد.'],
  ],
  7: [
    ['Poussette pliable', 'Légère, roues en bon état.', 'عربة أطفال', 'خفيفة وقابلة للطي.'],
    ['Lit parapluie', 'Avec matelas, sac de transport.', 'سرير متنقل للرضيع', 'مع فراش وحقيبة.'],
    ['Chaise haute', 'Réglable, plateau amovible.', 'كرسي أطفال مرتفع', 'قابل للتعديل.'],
    ['Siège auto groupe 0+', 'Jamais accidenté, notice fournie.', 'مقعد سيارة للرضيع', 'لم يتعرض لأي حادث.'],
  ],
  8: [
    ['Pots de fleurs', 'Une dizaine de pots en terre cuite.', 'أصص ورود', 'حوالي عشرة أصص من الفخار.'],
    ['Vélo enfant 16 pouces', 'Freins à régler, petites roues fournies.', 'دراجة طفل', 'الفرامل تحتاج إلى ضبط.'],
    ['Tapis berbère', 'Tapis fait main, 2 x 1,5 m, à nettoyer.', 'زربية أمازيغية', 'زربية يدوية، تحتاج إلى تنظيف.'],
    ['Ustensiles de cuisine', 'Casseroles, poêle et tajine en terre.', 'أواني المطبخ', 'قدور ومقلاة وطاجين.'],
    ['Valise à roulettes', 'Grande valise, une roue grince.', 'حقيبة سفر', 'حقيبة كبيرة بعجلات.'],
  ],
};

/** Colours of the categories' pictures (spec colour names: primary, secondary, green, yellow, red, purple, blue, teal). */
export const CATEGORY_COLOURS = {
  1: ['#c2410c', '#fdba74'],
  2: ['#0f766e', '#99f6e4'],
  3: ['#15803d', '#bbf7d0'],
  4: ['#a16207', '#fde68a'],
  5: ['#b91c1c', '#fecaca'],
  6: ['#7e22ce', '#e9d5ff'],
  7: ['#1d4ed8', '#bfdbfe'],
  8: ['#0e7490', '#a5f3fc'],
};

export const DEMO_ADMIN = { username: 'admin', email: 'admin@hdiya.ma', phone: '0600000001', password: 'hdiya-admin-2026' };
/** Every demo member's password (README gives it). */
export const DEMO_PASSWORD = 'hdiya-demo-2026';
export const DEMO_MEMBERS = [
  ['amina', 'Amina', 'Benali'],
  ['youssef', 'Youssef', 'El Idrissi'],
  ['salma', 'Salma', 'Tazi'],
  ['karim', 'Karim', 'Alaoui'],
  ['nadia', 'Nadia', 'Berrada'],
  ['hamza', 'Hamza', 'Ouazzani'],
];
