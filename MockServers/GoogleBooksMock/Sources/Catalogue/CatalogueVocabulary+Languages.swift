extension LanguageVocabulary {
    /// Every language of the catalogue, English first.
    static let all: [LanguageVocabulary] = [english, french, german, spanish, italian, portuguese, dutch, russian, japanese, chinese, arabic]

    static let english = LanguageVocabulary(
        code: "en", weight: 42, isbnGroups: ["0", "1"], currency: "USD", country: "US",
        givenNames: ["Margaret", "James", "Eleanor", "Thomas", "Alice", "Samuel", "Grace", "Henry", "Ruth", "Daniel",
                     "Clara", "Oliver", "Helen", "Arthur", "Frances", "Peter", "Nora", "Walter", "Iris", "Hugh"],
        surnames: ["Whitfield", "Carver", "Ashby", "Holloway", "Prescott", "Bell", "Marsh", "Thornton", "Lowell", "Kendall",
                   "Fairbanks", "Ward", "Quinn", "Hale", "Mercer", "Sutton", "Blake", "Morrow", "Pennington", "O'Connell"],
        publishers: ["Harbor House", "Penwick Press", "Oak & Ivy Books", "Northgate Publishing", "Lantern University Press",
                     "Bluewater Editions", "Crown Hill Books", "O'Reilly-Maple Media", "Greystone & Sons"],
        adjectives: ["Silent", "Hidden", "Last", "Lost", "Golden", "Broken", "Distant", "Quiet", "Secret", "Midnight",
                     "Burning", "Winter", "Quick", "Crimson", "Brave", "Wandering", "Forgotten", "Little", "Northern", "Glass"],
        nouns: ["River", "Garden", "Fox", "House", "Letter", "Kingdom", "Harbor", "Mirror", "Orchard", "Station",
                "Island", "Promise", "Shadow", "Lighthouse", "Clock", "Library", "Road", "Storm", "Bridge", "Sparrow"],
        places: ["London", "Boston", "Chicago", "Dublin", "Edinburgh", "Vermont", "Kyoto", "Paris", "Lisbon", "Cairo",
                 "the Highlands", "Mars", "New Orleans", "Sydney", "Montréal", "Zürich"],
        fields: [.init("Physics", Category.physics), .init("Chemistry", Category.chemistry), .init("Philosophy", Category.philosophy),
                 .init("Economics", Category.economics), .init("Mathematics", Category.mathematics), .init("Art History", Category.art),
                 .init("Music Theory", Category.music), .init("Cryptography", Category.security)],
        titles: [
            .init(.fiction, "The {adj} {noun}"), .init(.fiction, "The {noun} of {place}"), .init(.fiction, "{adj} {noun}s"),
            .init(.fiction, "The {adj} {noun} and the {noun}"), .init(.fiction, "A {noun} in {place}"),
            .init(.fiction, "Letters from {place}"), .init(.fiction, "Under the {adj} {noun}"), .init(.fiction, "Murder at the {noun}"),
            .init(.fiction, "The Quick Fox of {place}"), .init(.juvenile, "The {adj} Little {noun}"),
            .init(.poetry, "Poems of the {noun}"), .init(.poetry, "The {noun} and Other Poems"),
            .init(.history, "A History of {place}"), .init(.history, "The Fall of {place}"), .init(.history, "{place}: A Biography"),
            .init(.travel, "Journey to {place}"), .init(.travel, "Walking {place}"),
            .init(.subject, "Introduction to {field}"), .init(.subject, "Principles of {field}"), .init(.subject, "{field} for Everyone"),
            .init(.technical, "Programming {tech}"), .init(.technical, "Learning {tech}"), .init(.technical, "{tech} in Action"),
            .init(.technical, "The {tech} Cookbook"), .init(.technical, "Effective {tech}"), .init(.technical, "{tech} for Beginners"),
            .init(.cooking, "The {place} Kitchen"), .init(.cooking, "{adj} Suppers"),
            .init(.biography, "{person}: A Life"), .init(.biography, "The Life of {person}"),
        ],
        subtitles: [
            .fiction: ["A Novel", "Stories", "A Mystery", "A Novel in Three Parts"],
            .juvenile: ["A Picture Book", "An Adventure"],
            .poetry: ["Selected Poems", "New and Collected Poems"],
            .history: ["An Illustrated History", "From {place} to {place2}", "The Untold Story"],
            .travel: ["A Walker's Guide", "Notes from the Road"],
            .subject: ["A Practical Introduction", "Second Edition", "Essays and Exercises"],
            .technical: ["A Hands-On Guide", "Third Edition", "Patterns and Practices"],
            .cooking: ["Recipes for Every Season", "150 Recipes"],
            .biography: ["A Memoir", "Letters and Diaries"],
        ],
        narrative: ["{title} is a novel set in {place}.", "When a stranger arrives in {place}, nothing stays the same.",
                    "A story of the {adj} {noun} and of those who remember it.", "{author} writes with wit and tenderness.",
                    "The quick fox, a quiet river and a promise kept.", "Winner of the Harbor Prize for fiction."],
        factual: ["An accessible introduction to {field}.", "{author} explains the ideas of {field} with clear examples.",
                  "A history of {place} from its beginnings to the present day.", "Includes maps, notes and an index.",
                  "Written for students and curious readers alike.", "Drawing on archives in {place}, this book tells a story rarely told."]
    )

    static let french = LanguageVocabulary(
        code: "fr", weight: 10, isbnGroups: ["2"], currency: "EUR", country: "FR",
        givenNames: ["Émile", "Hélène", "François", "Céline", "Jérôme", "Noémie", "André", "Béatrice", "Loïc", "Maëlle"],
        surnames: ["Dubois", "Lefèvre", "Moreau", "Girard", "Faure", "Mercier", "Bérard", "Rousseau", "Lemaître", "Chevalier"],
        publishers: ["Éditions du Seuil", "Gallimard", "Éditions Flammarion", "Actes Sud", "Presses universitaires de Lyon"],
        nounPhrases: ["la mer", "le silence", "la nuit", "l'été", "le jardin", "la mémoire", "le café", "l'hiver", "la ville", "le voyage",
                      "la lumière", "le château", "la forêt", "l'étranger"],
        places: ["Paris", "Lyon", "Marseille", "Bordeaux", "Québec", "Genève", "Montréal", "Nantes", "la Provence", "Alger"],
        fields: [.init("philosophie", Category.philosophy), .init("physique", Category.physics), .init("chimie", Category.chemistry),
                 .init("économie", Category.economics), .init("programmation", Category.computers), .init("mathématique", Category.mathematics)],
        titles: [
            .init(.fiction, "{Np} et {np}"), .init(.fiction, "Le Café de {place}"), .init(.fiction, "Souvenirs de {place}"),
            .init(.fiction, "{Np}"), .init(.fiction, "Les Élégies de {place}"), .init(.juvenile, "Le Petit Prince de {place}"),
            .init(.poetry, "Poèmes de {np}"), .init(.history, "Histoire de {place}"), .init(.travel, "Voyage à {place}"),
            .init(.subject, "Introduction à la {field}"), .init(.subject, "Précis de {field}"), .init(.cooking, "La Cuisine de {place}"),
            .init(.biography, "Vie de {person}"),
        ],
        subtitles: [.fiction: ["roman", "nouvelles", "récit"], .history: ["des origines à nos jours"], .subject: ["cours et exercices"],
                    .poetry: ["poèmes choisis"], .biography: ["mémoires"]],
        narrative: ["Un roman qui se déroule à {place}.", "{Np} et {np} : une histoire d'amour et d'exil.",
                    "{author} signe un récit bouleversant.", "Au café, tout le monde se souvient de l'été à {place}."],
        factual: ["Une introduction claire à la {field}.", "{author} présente les grandes idées de la {field}.",
                  "L'histoire de {place} des origines à nos jours.", "Avec cartes, notes et index."]
    )

    static let german = LanguageVocabulary(
        code: "de", weight: 10, isbnGroups: ["3"], currency: "EUR", country: "DE",
        givenNames: ["Jürgen", "Käthe", "Günter", "Sabine", "Klaus", "Jörg", "Ursula", "Björn", "Hannelore", "Matthias"],
        surnames: ["Müller", "Schröder", "Weiß", "Köhler", "Groß", "Schäfer", "Bäcker", "Fuchs", "Wagner", "Krüger"],
        publishers: ["Suhrkamp Verlag", "Rowohlt", "Hanser Verlag", "Springer-Verlag", "S. Fischer Verlag", "Kösel-Verlag"],
        nounPhrases: ["die Stadt", "der Wald", "das Meer", "die Nacht", "der Fluss", "das Gedächtnis", "die Brücke", "der Bäcker",
                      "das Märchen", "die Straße", "der Fuchs", "die Stille"],
        places: ["Berlin", "München", "Köln", "Hamburg", "Wien", "Zürich", "Dresden", "Lübeck", "Düsseldorf"],
        fields: [.init("Philosophie", Category.philosophy), .init("Physik", Category.physics), .init("Chemie", Category.chemistry),
                 .init("Informatik", Category.computers), .init("Mathematik", Category.mathematics), .init("Volkswirtschaft", Category.economics)],
        titles: [
            .init(.fiction, "{Np} und {np}"), .init(.fiction, "Im Schatten von {place}"), .init(.fiction, "{Np}"),
            .init(.fiction, "Ein Sommer in {place}"), .init(.juvenile, "Märchen aus {place}"), .init(.poetry, "Gedichte über {np}"),
            .init(.history, "Geschichte von {place}"), .init(.travel, "Reise nach {place}"), .init(.subject, "Grundlagen der {field}"),
            .init(.subject, "Einführung in die {field}"), .init(.cooking, "Die Küche von {place}"), .init(.biography, "{person}. Ein Leben"),
        ],
        subtitles: [.fiction: ["Roman", "Erzählungen", "Novelle"], .history: ["Von den Anfängen bis zur Gegenwart"],
                    .subject: ["Ein Lehrbuch", "Zweite, überarbeitete Auflage"], .biography: ["Erinnerungen"]],
        narrative: ["Ein Roman, der in {place} spielt.", "{Np} und {np} – eine Geschichte über Schuld und Vergebung.",
                    "{author} erzählt mit großer Wärme.", "Über die Brücke gehen sie jeden Morgen zum Bäcker."],
        factual: ["Eine verständliche Einführung in die {field}.", "{author} erklärt die Grundlagen der {field}.",
                  "Die Geschichte von {place} von den Anfängen bis heute.", "Mit Karten, Anmerkungen und Register."]
    )

    static let spanish = LanguageVocabulary(
        code: "es", weight: 8, isbnGroups: ["84"], currency: "EUR", country: "ES",
        givenNames: ["José", "María", "Lucía", "Andrés", "Sofía", "Martín", "Inés", "Ramón", "Begoña", "Íñigo"],
        surnames: ["García", "Fernández", "López", "Martínez", "Rodríguez", "Pérez", "Gómez", "Núñez", "Sánchez", "Ibáñez"],
        publishers: ["Alfaguara", "Anagrama", "Editorial Planeta", "Tusquets Editores", "Siglo XXI Editores"],
        nounPhrases: ["la casa", "el silencio", "la noche", "el río", "la memoria", "el jardín", "la ciudad", "el invierno",
                      "la canción", "el corazón", "la montaña"],
        places: ["Madrid", "Sevilla", "Buenos Aires", "México", "Bogotá", "Barcelona", "Lima", "Córdoba", "Cádiz"],
        fields: [.init("filosofía", Category.philosophy), .init("física", Category.physics), .init("química", Category.chemistry),
                 .init("economía", Category.economics), .init("programación", Category.computers)],
        titles: [
            .init(.fiction, "{Np} y {np}"), .init(.fiction, "Crónica de {place}"), .init(.fiction, "{Np}"), .init(.fiction, "Cien noches en {place}"),
            .init(.poetry, "Canciones de {np}"), .init(.history, "Historia de {place}"), .init(.travel, "Viaje a {place}"),
            .init(.subject, "Introducción a la {field}"), .init(.cooking, "La cocina de {place}"), .init(.biography, "Vida de {person}"),
        ],
        subtitles: [.fiction: ["novela", "cuentos"], .history: ["de los orígenes a nuestros días"], .subject: ["teoría y práctica"]],
        narrative: ["Una novela ambientada en {place}.", "{Np} y {np}: una historia de amor y de pérdida.",
                    "{author} escribe con ternura y humor.", "En el jardín, el corazón de la familia late todavía."],
        factual: ["Una introducción accesible a la {field}.", "{author} explica las ideas de la {field} con ejemplos.",
                  "La historia de {place} desde sus orígenes.", "Con mapas, notas e índice."]
    )

    static let italian = LanguageVocabulary(
        code: "it", weight: 5, isbnGroups: ["88"], currency: "EUR", country: "IT",
        givenNames: ["Giovanni", "Lucia", "Marco", "Chiara", "Paolo", "Francesca", "Niccolò", "Beatrice"],
        surnames: ["Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Ricci", "De Luca"],
        publishers: ["Einaudi", "Mondadori", "Feltrinelli", "Adelphi", "Laterza"],
        nounPhrases: ["la città", "il silenzio", "la notte", "il mare", "la memoria", "il giardino", "l'inverno", "la strada", "il caffè"],
        places: ["Roma", "Venezia", "Firenze", "Napoli", "Milano", "Torino", "Palermo"],
        fields: [.init("filosofia", Category.philosophy), .init("fisica", Category.physics), .init("chimica", Category.chemistry),
                 .init("economia", Category.economics), .init("programmazione", Category.computers)],
        titles: [
            .init(.fiction, "{Np} e {np}"), .init(.fiction, "Un'estate a {place}"), .init(.fiction, "{Np}"),
            .init(.history, "Storia di {place}"), .init(.travel, "Viaggio a {place}"), .init(.subject, "Introduzione alla {field}"),
            .init(.cooking, "La cucina di {place}"), .init(.poetry, "Poesie sul {np}"),
        ],
        subtitles: [.fiction: ["romanzo", "racconti"], .history: ["dalle origini a oggi"]],
        narrative: ["Un romanzo ambientato a {place}.", "{Np} e {np}: una storia di famiglia.", "{author} racconta con grazia."],
        factual: ["Un'introduzione chiara alla {field}.", "{author} spiega le idee della {field}.", "La storia di {place} dalle origini."]
    )

    static let portuguese = LanguageVocabulary(
        code: "pt", weight: 5, isbnGroups: ["972", "85"], currency: "BRL", country: "BR",
        givenNames: ["João", "Maria", "Ana", "Pedro", "Luís", "Beatriz", "Tomás", "Conceição"],
        surnames: ["Silva", "Santos", "Ferreira", "Pereira", "Oliveira", "Costa", "Gonçalves", "Araújo"],
        publishers: ["Companhia das Letras", "Porto Editora", "Editora Record", "Editorial Presença"],
        nounPhrases: ["a casa", "o silêncio", "a noite", "o mar", "a memória", "o jardim", "a cidade", "o inverno", "a saudade"],
        places: ["Lisboa", "Porto", "São Paulo", "Rio de Janeiro", "Coimbra", "Salvador", "Belém"],
        fields: [.init("filosofia", Category.philosophy), .init("física", Category.physics), .init("economia", Category.economics),
                 .init("programação", Category.computers)],
        titles: [
            .init(.fiction, "{Np} e {np}"), .init(.fiction, "Crônica de {place}"), .init(.fiction, "{Np}"),
            .init(.history, "História de {place}"), .init(.travel, "Viagem a {place}"), .init(.subject, "Introdução à {field}"),
            .init(.cooking, "A cozinha de {place}"),
        ],
        subtitles: [.fiction: ["romance", "contos"], .history: ["das origens aos nossos dias"]],
        narrative: ["Um romance passado em {place}.", "{Np} e {np}: uma história de saudade.", "{author} escreve com ternura."],
        factual: ["Uma introdução acessível à {field}.", "{author} explica as ideias da {field}.", "A história de {place} desde as origens."]
    )

    static let dutch = LanguageVocabulary(
        code: "nl", weight: 3, isbnGroups: ["90"], currency: "EUR", country: "NL",
        givenNames: ["Jan", "Pieter", "Anna", "Sanne", "Willem", "Eva", "Joost", "Maartje"],
        surnames: ["de Vries", "Jansen", "van Dijk", "Bakker", "Visser", "Smit", "de Jong", "van den Berg"],
        publishers: ["De Bezige Bij", "Querido", "Prometheus", "Atlas Contact"],
        nounPhrases: ["de stad", "het water", "de nacht", "de zee", "het geheugen", "de tuin", "de winter", "de brug"],
        places: ["Amsterdam", "Rotterdam", "Utrecht", "Gent", "Antwerpen", "Leiden"],
        fields: [.init("filosofie", Category.philosophy), .init("economie", Category.economics), .init("natuurkunde", Category.physics)],
        titles: [
            .init(.fiction, "{Np} en {np}"), .init(.fiction, "{Np}"), .init(.history, "Geschiedenis van {place}"),
            .init(.travel, "Reis naar {place}"), .init(.subject, "Inleiding tot de {field}"),
        ],
        subtitles: [.fiction: ["roman", "verhalen"]],
        narrative: ["Een roman die zich afspeelt in {place}.", "{Np} en {np}: een verhaal over verlies.", "{author} schrijft met humor."],
        factual: ["Een heldere inleiding tot de {field}.", "De geschiedenis van {place} vanaf het begin."]
    )

    static let russian = LanguageVocabulary(
        code: "ru", weight: 6, isbnGroups: ["5"], currency: "RUB", country: "RU",
        givenNames: ["Иван", "Михаил", "Сергей", "Дмитрий", "Алексей", "Анна", "Ольга", "Наталья", "Татьяна", "Елена"],
        surnames: ["Петров", "Соколов", "Волков", "Кузнецов", "Лебедев", "Орлов", "Морозов", "Смирнов"],
        publishers: ["Эксмо", "АСТ", "Азбука", "Наука", "Издательство МГУ"],
        nounPhrases: ["война", "мир", "ночь", "море", "память", "город", "сад", "зима", "дорога", "тишина", "лёд"],
        places: ["Москва", "Петербург", "Казань", "Сибирь", "Одесса", "Новгород", "Ярославль"],
        fields: [.init("философия", Category.philosophy), .init("физика", Category.physics), .init("экономика", Category.economics),
                 .init("программирование", Category.computers), .init("математика", Category.mathematics)],
        titles: [
            .init(.fiction, "{Np} и {np}"), .init(.fiction, "{Np}"), .init(.fiction, "Город {place}"), .init(.poetry, "Стихи: {np}"),
            .init(.history, "{place}. Краткая история"), .init(.travel, "{place}: путеводитель"), .init(.subject, "{Field}: учебник"),
            .init(.subject, "{Field} для всех"),
        ],
        subtitles: [.fiction: ["роман", "повести и рассказы"], .history: ["от истоков до наших дней"], .subject: ["учебное пособие"]],
        narrative: ["Роман, действие которого происходит в городе {place}.", "{Np} и {np}: история одной семьи.",
                    "{author} пишет с иронией и нежностью."],
        factual: ["Доступное введение в предмет: {field}.", "{author} объясняет основные идеи.", "История: {place} от истоков до наших дней."]
    )

    static let japanese = LanguageVocabulary(
        code: "ja", weight: 8, isbnGroups: ["4"], currency: "JPY", country: "JP",
        givenNames: ["太郎", "花子", "健一", "美咲", "翔太", "由美", "大輔", "陽子", "春樹", "直子"],
        surnames: ["佐藤", "鈴木", "高橋", "田中", "渡辺", "伊藤", "山本", "中村", "小林", "加藤"],
        surnameFirst: true,
        publishers: ["講談社", "新潮社", "岩波書店", "集英社", "角川書店", "文藝春秋"],
        nouns: ["夜", "海", "猫", "桜", "月", "風", "雪", "夢", "記憶", "図書館", "庭", "旅"],
        places: ["東京", "京都", "大阪", "北海道", "横浜", "奈良", "神戸"],
        fields: [.init("プログラミング", Category.computers), .init("物理学", Category.physics), .init("経済学", Category.economics),
                 .init("哲学", Category.philosophy), .init("数学", Category.mathematics)],
        titles: [
            .init(.fiction, "{place}の{noun}"), .init(.fiction, "{noun}と{noun}"), .init(.fiction, "{noun}の物語"), .init(.fiction, "{place}物語"),
            .init(.juvenile, "ちいさな{noun}"), .init(.history, "{place}の歴史"), .init(.travel, "{place}を歩く"),
            .init(.subject, "はじめての{field}"), .init(.subject, "{field}入門"), .init(.cooking, "{place}の家庭料理"),
        ],
        subtitles: [.fiction: ["長編小説", "短編集"], .subject: ["基礎から応用まで"], .history: ["古代から現代まで"]],
        narrative: ["{place}を舞台にした{noun}の物語。", "{author}による感動の長編小説。", "{noun}の夜に、ふたりは出会った。"],
        factual: ["{field}の基本をわかりやすく解説する入門書。", "{place}の歴史を豊富な図版でたどる。", "索引・参考文献付き。"]
    )

    static let chinese = LanguageVocabulary(
        code: "zh-CN", weight: 3, isbnGroups: ["7"], currency: "CNY", country: "CN",
        givenNames: ["伟", "芳", "娜", "敏", "静", "磊", "晓明", "建国"],
        surnames: ["王", "李", "张", "刘", "陈", "杨"],
        surnameFirst: true,
        publishers: ["人民文学出版社", "商务印书馆", "中华书局", "上海译文出版社"],
        nouns: ["月亮", "城市", "记忆", "河流", "春天", "故事", "花园"],
        places: ["北京", "上海", "西安", "杭州", "成都"],
        fields: [.init("哲学", Category.philosophy), .init("经济学", Category.economics), .init("计算机科学", Category.computers),
                 .init("物理学", Category.physics)],
        titles: [
            .init(.fiction, "{place}的{noun}"), .init(.fiction, "{noun}与{noun}"), .init(.history, "{place}史话"),
            .init(.subject, "{field}导论"), .init(.travel, "{place}游记"),
        ],
        subtitles: [.fiction: ["长篇小说"], .subject: ["第二版"]],
        narrative: ["一部以{place}为背景的小说。", "{author}讲述了一个关于{noun}的故事。"],
        factual: ["{field}的入门读物。", "{place}的历史与文化。"]
    )

    static let arabic = LanguageVocabulary(
        code: "ar", weight: 4, isbnGroups: ["977", "9953"], currency: "EGP", country: "EG",
        givenNames: ["محمد", "أحمد", "فاطمة", "ليلى", "يوسف", "نجيب", "مريم", "سمير"],
        surnames: ["حداد", "منصور", "الخوري", "عبد الله", "نصر", "سليمان"],
        publishers: ["دار الشروق", "دار الساقي", "دار الآداب", "المركز الثقافي العربي"],
        nounPhrases: ["البحر", "الليل", "الذاكرة", "المدينة", "الحديقة", "الصمت", "الطريق", "القمر"],
        places: ["القاهرة", "دمشق", "بيروت", "بغداد", "تونس", "الرباط"],
        fields: [.init("الفلسفة", Category.philosophy), .init("الرياضيات", Category.mathematics), .init("الاقتصاد", Category.economics),
                 .init("الكيمياء", Category.chemistry)],
        titles: [
            .init(.fiction, "{np} و{np}"), .init(.fiction, "{np}"), .init(.fiction, "ليالي {place}"), .init(.history, "تاريخ {place}"),
            .init(.travel, "رحلة إلى {place}"), .init(.subject, "مقدمة في {field}"),
        ],
        subtitles: [.fiction: ["رواية", "قصص قصيرة"]],
        narrative: ["رواية تدور أحداثها في {place}.", "{np} و{np}: حكاية عائلة.", "يكتب {author} بحنان وسخرية."],
        factual: ["مدخل ميسر إلى {field}.", "تاريخ {place} منذ البدايات."]
    )
}
