/** Every game's tips, questions and lessons in Yoruba. Machine-assisted; the review state of each text is in i18n/review. */
import type { ContentTranslation } from "./types.js";

export const CONTENT_YO: ContentTranslation = {
  general: {
    playingHeading: "Ṣíṣeré lórí ẹ̀rọ yìí",
    playing: [
      "Àwọn ihò rẹ máa ń tàn nígbà tí ó bá kàn ọ́. Tẹ ọ̀kan láti ta á, tàbí tẹ̀ ẹ́ mọ́lẹ̀ kí o sì fà á kọjá lórí àwọn ihò rẹ: òrùka oníkókó máa fi ibi tí ẹyọ tó kẹ́yìn yóò balẹ̀ sí hàn; gbé ìka rẹ sókè láti ta.",
      "Iye ẹyọ wà lẹ́gbẹ̀ẹ́ ihò àti àká kọ̀ọ̀kan. Ọwọ́ máa ń gbé àwọn ẹyọ pẹ̀lú iye tó ṣì wà lọ́wọ́; ẹyọ tí a kó máa ń fò lọ sí àká pẹ̀lú +n; àmì pupa máa ń fi ihò tí a ti ta ìgbésẹ̀ tó kẹ́yìn hàn.",
      "Dúró máa ń dá eré dúró, Dá a padà máa ń dá ìgbésẹ̀ rẹ tó kẹ́yìn padà nínú eré pẹ̀lú kọ̀ǹpútà, Ìtọ́sọ́nà máa ń dábàá ìgbésẹ̀ kan, Àtòjọ máa ń fi eré pamọ́ kí ó sì jáde. Àsíá túmọ̀ sí pé o juwọ́ sílẹ̀ nínú eré náà; nínú ọ̀wọ́ eré, ó máa bi ọ́ bóyá eré yìí ni tàbí gbogbo ọ̀wọ́ náà.",
      "Ọ̀wọ́ eré: lábẹ́ Ọ̀wọ́ eré, yan ọ̀wọ́ eré 3, 5 tàbí 7. Ẹni tó kọ́kọ́ borí ọ̀pọ̀ jù nínú àwọn eré ló gbà á (2 nínú 3, 3 nínú 5, 4 nínú 7). Àwọn òṣèré máa ń yípo bẹ̀rẹ̀ eré kọ̀ọ̀kan, àmì sì máa ń hàn lókè ọpọ́n.",
      "A máa ń fi eré kọ̀ọ̀kan pamọ́ lẹ́yìn ìgbésẹ̀ kọ̀ọ̀kan: tẹ̀síwájú rẹ̀ láti Tẹ̀síwájú.",
    ],
    levelsHeading: "Ìpele kọ̀ǹpútà",
  },
  captureDiagram: {
    summary: "Wo àwòrán kíkó",
    before: "Kí ìgbésẹ̀ tó bẹ̀rẹ̀, ihò 6 ní {from}, ihò 7, 8 àti 9 sì ní {a}, {b} àti {c}.",
    sown: "Títa ẹyọ 3 láti ihò 6 sọ ihò 7–9 di {a}, {b} àti {c}: ọpọ́n fi àkókò yìí hàn, ihò 6 ṣófo (àmì pupa), ẹyọ tó kẹ́yìn sì wà nínú ihò 9 (òrùka oníkókó). Lẹ́yìn náà kíkó ń padà sẹ́yìn láti ihò 9 kọjá ihò 8 àti 7, fún ẹyọ {captured}.",
    top: "Òṣèré kejì · ta láti ọ̀tún sí òsì",
    bottom: "Òṣèré kìíní · ta láti òsì sí ọ̀tún",
    note: "Ihò 6 ń bá a lọ sí ihò 7. Ihò 12 ń yípo padà sí ihò 1.",
  },
  games: {
    ayo: {
      playing: [],
      keyboard:
        "Pẹ̀lú bọ́tìnnì ìtẹ̀wé, tẹ Tab láti lọ sí ihò tó ń tàn (òrùka náà fi ibi tí ó máa balẹ̀ sí hàn), lọ láàárín àwọn ihò rẹ pẹ̀lú àwọn bọ́tìnnì ọfà, kí o sì tẹ Enter láti ta; tàbí tẹ nọ́mbà ihò náà (1–6, tí a kà lẹ́gbẹ̀ẹ́ ìlà tìrẹ bí a ti ń ta). P ń dá eré dúró, U ń dá ìgbésẹ̀ padà, H ń béèrè ìtọ́sọ́nà.",
      tipsHeading: "Ọgbọ́n eré",
      tips: [
        "Dojú kọ ihò alátakò tí ó ní 1 tàbí 2: ẹyọ rẹ tó kẹ́yìn yóò sọ wọ́n di 2 tàbí 3.",
        "Tò ẹ̀wọ̀n: àwọn ihò tí ó tẹ̀léra lẹ́yìn ihò tí o balẹ̀ sí, tí ọ̀kọ̀ọ̀kan ní 1–2, ni a máa kó papọ̀.",
        "Ro ìdáhùn alátakò: ìgbésẹ̀ tí ó jèrè 2 ṣùgbọ́n tí ó jẹ́ kí alátakò rẹ kó 7 ń mú ọ sẹ́yìn. Kí o tó ta, wo àwọn ihò tìrẹ tí ó ní 1 tàbí 2, kí o sì kà bóyá alátakò lè dé ọ̀dọ̀ wọn.",
        "Ìbẹ̀rẹ̀ tí kò léwu kì í fi 1 tàbí 2 sílẹ̀ nínú ihò rẹ: lórí ọpọ́n tuntun, ihò 1 máa sọ ihò 2–5 di márùn-ún ọ̀kọ̀ọ̀kan.",
      ],
      faqHeading: "Àwọn ìbéèrè tí a máa ń béèrè",
      faq: [
        [
          "Kí ló dé tí a kò kó ihò tí ó ní ẹyọ 2?",
          "Ẹ̀wọ̀n tí ó bẹ̀rẹ̀ níbi tí ẹyọ rẹ tó kẹ́yìn balẹ̀ sí nìkan ló lè kó, ní ìhà alátakò nìkan. 2 tàbí 3 níbòmíràn kò léwu.",
        ],
        [
          "Kí ló dé tí eré kọjá dípò kí ó parí?",
          "Ìhà tó ṣófo kàn máa ń pàdánù àkókò rẹ̀ ni. Eré máa ń parí nígbà tí ẹnì kan bá kó 25, tàbí tí ẹyọ lórí ọpọ́n kò bá tó 4.",
        ],
        [
          "Kí ló dé tí ihò ìbẹ̀rẹ̀ mi ṣì ṣófo lẹ́yìn tí mo ta ẹyọ púpọ̀?",
          "A máa ń fo ihò ìbẹ̀rẹ̀ kọjá ní gbogbo ìyípo, nítorí náà ẹyọ méjìlá máa ń kan ihò mọ́kànlá yòókù, èkejìlá sì máa ń balẹ̀ sínú ihò tó tẹ̀lé ìbẹ̀rẹ̀.",
        ],
        [
          "Ṣé kóòdù yàrá máa ń jẹ́ kí ẹnikẹ́ni bẹ̀rẹ̀ sí ṣeré lójú ẹsẹ̀?",
          "Rárá. Ẹni tó ni yàrá gbọ́dọ̀ fọwọ́ sí ìbéèrè àlejò tuntun kọ̀ọ̀kan. Fi kóòdù rẹ ránṣẹ́ sí alátakò tí o fẹ́ bá ṣeré. Lẹ́yìn eré kan, àwọn òṣèré méjèèjì gbọ́dọ̀ gbà kí eré mìíràn tó bẹ̀rẹ̀.",
        ],
        [
          "Ṣé àwọn ẹ̀kọ́ tàbí eré pẹ̀lú kọ̀ǹpútà máa ń kan ipò mi?",
          "Rárá. Àwọn ẹ̀kọ́ yìí kì í fi àbájáde pamọ́. Ìdánrawò pẹ̀lú kọ̀ǹpútà wà lórí ẹ̀rọ rẹ, kò sì ní ipò; àbájáde eré ọlọ́pọ̀ òṣèré tí olùpèsè ń darí nìkan ló ń kà sí àtẹ àwọn aṣíwájú.",
        ],
      ],
      lessons: {
        "ayo-capture-seven": {
          title: "Kó ẹyọ méje",
          prompt: "Ìwọ ló ni ihò 1–6. Sọ ibi tí ẹyọ 3 inú ihò 6 yóò balẹ̀ sí, lẹ́yìn náà gbìyànjú rẹ̀.",
          question: "Ẹyọ mélòó ni o máa kó?",
          choices: ["0", "2", "5", "7"],
          answer:
            "Ihò 9 parí pẹ̀lú ẹyọ 2. Bí a ti ń padà sẹ́yìn, ihò 8 ní 3, ihò 7 sì ní 2: a kó àwọn mẹ́tẹ̀ẹ̀ta, ó di 7. Ihò 6 wà ní ìhà tìrẹ, nítorí náà ẹ̀wọ̀n náà dúró.",
        },
        "ayo-safe-opening": {
          title: "Ṣí eré láìséwu",
          prompt: "Lórí ọpọ́n tuntun, gbìyànjú ẹyọ 4 inú ihò 1.",
          question: "Àwọn ihò wo ni yóò yí padà?",
          choices: [
            "Ihò 1–5: ihò 1 ṣófo, ihò 2–5 di 5",
            "Ihò 1–6: ihò 1 ṣófo, ihò 2–6 di 5",
            "Ihò 2–5 nìkan: ihò 1 ṣì ní ẹyọ kan",
          ],
          answer:
            "Ihò 2–5 ọ̀kọ̀ọ̀kan di 5, ihò 1 sì ṣófo. Ẹyọ tó kẹ́yìn wà ní ìhà tìrẹ, nítorí náà kò sí kíkó. Tí kò bá sí ihò tìrẹ tó ní 1 tàbí 2, alátakò rẹ kò ní rí ihò tí ó lè kó lójú ẹsẹ̀.",
        },
        "ayo-capture-stops": {
          title: "Wá ibi tí kíkó ti dúró",
          prompt: "Gbìyànjú ẹyọ 5 inú ihò 5.",
          question: "Ṣé kíkó náà yóò kọjá ihò 10?",
          choices: ["Bẹ́ẹ̀ ni: a kó ihò 9 pẹ̀lú", "Rárá: ihò 10 nìkan ni a kó"],
          answer: "Ihò 10 di 2, a sì kó o. Ihò 9 di 5, èyí sì dá ẹ̀wọ̀n náà dúró. Kíkó kì í fo ihò tí iye rẹ̀ kò tọ́ kọjá.",
        },
        "ayo-skip-start": {
          title: "Fo ihò ìbẹ̀rẹ̀ kọjá",
          prompt: "Nínú ìdánrawò yìí, ìwọ ló ni ihò 7–12. Gbìyànjú ẹyọ 12 inú ihò 7, kí o sì wo bí ó ṣe yípo.",
          question: "Ihò wo ló máa gba ẹyọ méjì láti inú ìgbésẹ̀ yìí?",
          choices: ["Ihò 7", "Ihò 8", "Ihò 1"],
          answer:
            "Ìyípo kan máa ń kan ihò 11 yòókù, ó sì máa ń fo ihò 7 kọjá. Ẹyọ kejìlá padà sí ihò 8, tí ó gba ẹyọ méjì lápapọ̀. Ihò ìbẹ̀rẹ̀ ṣì ṣófo.",
        },
      },
    },
    togyz: {
      playing: [
        "Ihò mẹ́sàn-án rẹ ni ìlà tó sún mọ́ ọ; àwọn kazan, níbi tí a ń kó òkúta tí a kó sí, wà ní ìpẹ̀kun méjèèjì, tìrẹ wà ní ọ̀tún. Lórí fóònù tí o gbé dúró, ọpọ́n máa yí padà kí ó lè wọ ojú fóònù: ìlà tìrẹ wà ní òsì, kazan rẹ sì wà nísàlẹ̀.",
        "Ìràwọ̀ ló ń fi tuzdyk hàn: funfun fún tìrẹ, wúrà fún ti alátakò rẹ. Òkúta tó bá bọ́ sínú tuzdyk máa fò lọ tààrà sínú kazan ẹni tó ni í, a sì máa kéde «TUZDYK!» nígbà tí ẹnì kan bá gba ọ̀kan.",
        "Ìlà àmì lókè máa ń fi iye òkúta tó wà nínú kazan ìhà kọ̀ọ̀kan hàn, àti ẹni tí ó kàn.",
        "Ní ìparí, àbájáde máa fi òkúta tí ìhà kọ̀ọ̀kan kó hàn, iye ìgbésẹ̀ àti bí eré ṣe parí, pẹ̀lú àkọsílẹ̀ rẹ níwájú ìpele kọ̀ǹpútà yẹn: ìborí, ìfìdírẹmi, ọ̀mì, ìpín ìborí, ìborí tó ń lọ lọ́wọ́ àti èyí tó pọ̀ jù.",
      ],
      keyboard:
        "Pẹ̀lú bọ́tìnnì ìtẹ̀wé, tẹ Tab láti lọ sí ihò tó ń tàn (òrùka náà fi ibi tí òkúta tó kẹ́yìn máa balẹ̀ sí hàn), lọ láàárín àwọn ihò rẹ pẹ̀lú àwọn bọ́tìnnì ọfà, kí o sì tẹ Enter láti ta; tàbí tẹ nọ́mbà ihò náà (1–9, tí a kà lẹ́gbẹ̀ẹ́ ìlà tìrẹ láti òsì). P ń dá eré dúró, U ń dá ìgbésẹ̀ padà, H ń béèrè ìtọ́sọ́nà.",
      tipsHeading: "Ọgbọ́n eré",
      tips: [
        "Ka ibi tí òkúta tó kẹ́yìn máa bọ́ sí. Ihò tí ó ní òkúta n (ju ọ̀kan lọ) máa parí ní ihò n − 1 síwájú, nítorí òkúta àkọ́kọ́ máa padà sínú rẹ̀. Kí o tó ta, wá èwo nínú àwọn ihò rẹ ló máa parí sínú ihò alátakò tí òǹkà rẹ̀ kò ṣeé pín sí méjì: ìgbésẹ̀ yẹn máa kó.",
        "Ṣọ́ àwọn ihò tí òǹkà wọn kò ṣeé pín sí méjì tí o fi sílẹ̀ lẹ́yìn rẹ. Alátakò rẹ máa kó nípa sísọ ọ̀kan nínú ihò rẹ di òǹkà tí a lè pín sí méjì, nítorí náà ihò bẹ́ẹ̀ kò léwu àyàfi níwájú títa tí ó fi òkúta méjì sínú rẹ̀ bí ó ti ń yí ká. Kí o tó ta, wo ibi tí ihò alátakò kọ̀ọ̀kan lè dé.",
        "Wá àwọn méjì: ihò alátakò tí ó ní òkúta méjì lè di tuzdyk rẹ bí ọ̀kan nínú ihò rẹ bá parí síbẹ̀. Àwọn méjì ní ìhà tìrẹ ni ewu.",
        "Gba tuzdyk ní kùtùkùtù, nítòsí ìbẹ̀rẹ̀ ìlà alátakò: ọ̀pọ̀ títa ló ń kọjá níbẹ̀, ó sì ń mú èrè wá ní gbogbo eré. Èyí tó wà nítòsí òpin ìlà wọn kì í mú èrè púpọ̀ wá.",
        "Rántí òfin nọ́mbà: nígbà tí alátakò rẹ bá ti ní tuzdyk, ihò tí nọ́mbà rẹ̀ bá a mu ní ìhà rẹ̀ kò lè di tuzdyk tìrẹ. Ṣètò tuzdyk rẹ pẹ̀lú èyí lọ́kàn, nígbà mìíràn sì kọ́kọ́ gba tìrẹ kí o lè dí ihò tí alátakò rẹ fẹ́.",
        "Kó ihò ńlá jọ: ihò tí ó ní òkúta ogún tàbí jù bẹ́ẹ̀ lọ máa yí gbogbo ọpọ́n ká, ó sì lè parí síbi tí o bá fẹ́. Bí o bá pa á mọ́ di àkókò tó yẹ, ó máa kó ohun tí alátakò rẹ kò lè dí.",
        "Ní ìparí, jẹ́ kí òkúta wà ní ìhà tìrẹ: bí ìgbésẹ̀ alátakò rẹ bá tán, ohun tó kù ní ìhà tìrẹ di tìrẹ.",
      ],
      faqHeading: "Àwọn ìbéèrè tí a máa ń béèrè",
      faq: [
        [
          "Kí ló dé tí ihò mi tó ní òkúta kan kò ṣẹ́ òkúta kù?",
          "Òkúta kan ṣoṣo máa lọ sí ihò tó tẹ̀lé e. Ihò tí ó ní òkúta méjì tàbí jù bẹ́ẹ̀ lọ nìkan ló máa fi òkúta àkọ́kọ́ padà síbi tí ó ti bẹ̀rẹ̀.",
        ],
        [
          "Kí ló dé tí òkúta mẹ́ta kò di tuzdyk mi?",
          "O ti ní tuzdyk kan tẹ́lẹ̀, tàbí ihò kẹsàn-án alátakò ni, tàbí nọ́mbà rẹ̀ bá ti tuzdyk alátakò ní ìhà tìrẹ mu. Nígbà náà òkúta náà máa wà níbi tí wọ́n wà.",
        ],
        [
          "Ibo ni òkúta tó bá bọ́ sínú tuzdyk máa lọ?",
          "Tààrà sínú kazan ẹni tó ni tuzdyk náà, ẹnikẹ́ni tó wù kó ta á. O máa rí i tí ó ń fò lọ síbẹ̀.",
        ],
        ["Ṣé eré lè parí ní ọ̀mì?", "Bẹ́ẹ̀ ni: kazan méjèèjì ní 81, tàbí kazan tó dọ́gba lẹ́yìn atsyz."],
      ],
      lessons: {
        "togyz-even": {
          title: "Sọ ọ́ di òǹkà tí a lè pín sí méjì",
          prompt: "Ihò 7 rẹ ní òkúta 5. Àkọ́kọ́ máa padà sínú ihò 7, nítorí náà èyí tó kẹ́yìn máa balẹ̀ ní ihò 4 síwájú.",
          question: "Òkúta mélòó ni o máa kó?",
          choices: ["Kò sí", "9", "10", "11"],
          answer:
            "Àwọn òkúta bọ́ sínú ihò 7, 8, 9 tìrẹ, lẹ́yìn náà ihò 1 àti 2 ti alátakò. Ihò 2 wọn yí padà láti 9 sí 10, òǹkà tí a lè pín sí méjì, nítorí náà o kó gbogbo 10.",
        },
        "togyz-tuzdyk": {
          title: "Gba tuzdyk",
          prompt: "Ihò 2 ti alátakò ní òkúta méjì. Ihò 9 rẹ ní 3.",
          question: "Kí ló máa ṣẹlẹ̀ ní ihò 2 ti alátakò?",
          choices: ["Ó máa di tuzdyk rẹ", "O máa kó o bí ihò tí òǹkà rẹ̀ ṣeé pín sí méjì", "Kò sí nǹkan"],
          answer:
            "Ihò 9 máa pa òkúta kan mọ́, ó sì máa rán méjì lọ: sí ihò 1 àti 2 ti alátakò. Ihò 2 ní 3 gẹ́lẹ́ báyìí, nítorí náà ó di tuzdyk rẹ: òkúta 3 náà lọ sínú kazan rẹ, gbogbo òkúta tó bá sì bọ́ síbẹ̀ lẹ́yìn náà jẹ́ tìrẹ.",
        },
        "togyz-ninth": {
          title: "Ihò kẹsàn-án kì í di tuzdyk láé",
          prompt:
            "Ihò 9 rẹ ní òkúta 10; èyí tó kẹ́yìn dé ihò 9 ti alátakò, èyí tó kẹ́yìn kí ìlà tìrẹ tó bẹ̀rẹ̀, tí ó ní 2.",
          question: "Ṣé ihò 9 wọn máa di tuzdyk rẹ?",
          choices: ["Bẹ́ẹ̀ ni", "Rárá: òkúta mẹ́ta náà dúró síbẹ̀"],
          answer:
            "Òkúta tó kẹ́yìn sọ ihò 9 wọn di 3, ṣùgbọ́n ihò kẹsàn-án kò lè di tuzdyk láé. Òǹkà mẹ́ta kò ṣeé pín sí méjì, nítorí náà a kò kó nǹkan kan: òkúta náà wà níbi tí wọ́n wà.",
        },
      },
    },
    tsoro: {
      playing: [],
      keyboard:
        "Pẹ̀lú bọ́tìnnì ìtẹ̀wé, tẹ Tab láti lọ sí ihò tó ń tàn (òrùka náà fi ibi tí ó máa balẹ̀ sí hàn), lọ láàárín àwọn ihò rẹ pẹ̀lú àwọn bọ́tìnnì ọfà, kí o sì tẹ Enter láti ta; tàbí tẹ nọ́mbà ihò náà (1–9: a ka àwọn ihò rẹ bí a ti ń ta, láti òsì ìlà ìsàlẹ̀ rẹ lọ sí ìlà òkè). P ń dá eré dúró, U ń dá ìgbésẹ̀ padà, H ń béèrè ìtọ́sọ́nà.",
      tipsHeading: "Ọgbọ́n eré",
      tips: [
        "Jẹ́ kí ìlà òkè rẹ ṣófo bí o bá lè ṣe é: ibẹ̀ nìkan ni alátakò rẹ ti lè dé ọ̀dọ̀ rẹ.",
        "Ka àtúntà kí o tó ta: ìgbésẹ̀ kan lè lọ jìnnà, nítorí náà tẹ̀lé ẹ̀wọ̀n náà kí o rí ibi tí ó ti dúró ní tòótọ́.",
        "Ẹyọ kan ṣoṣo náà jẹ́ ìgbésẹ̀: ihò tí ó ní ẹyọ kan máa gbé ìgbésẹ̀ kúkúrú, tó péye, tí ó lè ṣètò kíkó fún ìgbà tó ń bọ̀.",
        "Nínú Ẹni tó borí kó gbogbo rẹ̀, kíkó náà jẹ́ títa tuntun: ka ibi tí ẹyọ tí a kó máa parí sí kí o lè rí ẹ̀wọ̀n.",
      ],
      faqHeading: "Àwọn ìbéèrè tí a máa ń béèrè",
      faq: [
        [
          "Kí ló dé tí ẹyọ mi ń bá a lọ?",
          "Ẹyọ tó kẹ́yìn bọ́ sínú ihò tí ẹyọ ti wà tẹ́lẹ̀, nítorí náà a kó ihò náà, a sì tún ta á lọ: àtúntà ni.",
        ],
        [
          "Kí ló dé tí kò sí kíkó ní ìlà òkè mi?",
          "Ihò òkè alátakò tó dojú kọ tìrẹ ṣófo, tàbí ihò tí o bọ́ sí ṣófo kí ẹyọ rẹ tó dé.",
        ],
        ["Àwọn ihò wo ni a máa kó?", "Ihò òkè alátakò tó dojú kọ tìrẹ àti ihò ìsàlẹ̀ tó wà lẹ́yìn rẹ̀, ní ọ̀wọ̀n kan náà."],
      ],
      lessons: {
        "tsoro-relay": {
          title: "Àtúntà",
          prompt:
            "Tsoro àtijọ́, ihò 4 ní ìlà kan. A ka àwọn ihò rẹ bí a ti ń ta. Ta ẹyọ 2 láti ihò 1, ihò òsì ìlà ìsàlẹ̀ rẹ.",
          question: "Ìgbà mélòó ni ọwọ́ máa kó ẹyọ?",
          choices: ["1", "2", "3"],
          answer:
            "Ẹyọ méjì náà bọ́ sínú ihò 2 àti 3. Ihò 3 ti ní ẹyọ kan tẹ́lẹ̀, nítorí náà a kó o (ó ti di 2 báyìí) a sì tún ta á lọ: àtúntà. Ẹyọ rẹ̀ tó kẹ́yìn bọ́ sínú ihò 5, ihò tó ṣófo ní ìlà òkè rẹ, ìgbésẹ̀ náà sì dúró: ọwọ́ kó ẹyọ lẹ́ẹ̀mejì.",
        },
        "tsoro-capture": {
          title: "Kó kọjá ọpọ́n",
          prompt: "Ta ẹyọ 2 láti ihò 4, ihò ọ̀tún ìlà ìsàlẹ̀ rẹ. Wọ́n máa gòkè lọ sí ìlà òkè rẹ.",
          question: "Ẹyọ mélòó ni o máa kó?",
          choices: ["0", "3", "5", "7"],
          answer:
            "Ẹyọ tó kẹ́yìn bọ́ sínú ihò 6, ní ìlà òkè rẹ, tí ẹyọ kan ti wà tẹ́lẹ̀. Ihò òkè alátakò tó dojú kọ ọ́ ní 3, nítorí náà o kó o pẹ̀lú ihò ìsàlẹ̀ tó wà lẹ́yìn rẹ̀ (2): ẹyọ 5 kúrò lórí ọpọ́n fún ọ, àkókò rẹ sì parí.",
        },
        "tsoro-take": {
          title: "Kó, kí o sì ta lọ",
          prompt: "Ẹni tó borí kó gbogbo rẹ̀, ihò 4 ní ìlà kan. Ta ẹyọ 2 láti ihò 4, ihò ọ̀tún ìlà ìsàlẹ̀ rẹ.",
          question: "Ẹyọ mélòó ni o máa ní lẹ́yìn ìgbésẹ̀ náà?",
          choices: ["5", "8", "10", "12"],
          answer:
            "O bọ́ sínú ihò 6, ní ìlà òkè rẹ, lórí ihò tí ẹyọ kan wà, tí ó dojú kọ ihò òkè tí ó ní 3. O kó o àti ihò tó wà lẹ́yìn rẹ̀ (2), o sì ta ẹyọ 5 náà lọ láti ihò 7. Èyí tó kẹ́yìn bọ́ sínú ihò tó ṣófo, nítorí náà ìgbésẹ̀ náà dúró: o ní ẹyọ 10 báyìí.",
        },
      },
    },
  },
};
