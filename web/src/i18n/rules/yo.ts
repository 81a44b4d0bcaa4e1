/** The rules of every game in Yoruba. Machine-assisted; the review state of each text is in i18n/review. */
import type { RulesTranslation } from "./types.js";

export const RULES_YO: RulesTranslation = {
  guides: {
    ayo: {
      intro:
        "Ayò (ayò ọlọ́pọ́n) ni eré ìfúnrúgbìn àwọn Yorùbá: ihò méjìlá lórí ọpọ́n, ẹyọ mẹ́rin nínú ọ̀kọ̀ọ̀kan, 48 lápapọ̀. Ta ẹyọ, kó méjì àti mẹ́ta bí o ti ń padà sẹ́yìn, kí o sì kọ́kọ́ dé 25.",
      sections: {
        0: {
          heading: "Òfin",
          items: [
            "Ihò 12, ẹyọ 4 nínú ọ̀kọ̀ọ̀kan: 48 lápapọ̀. Òṣèré kìíní ló ni ihò 1–6, òun ló sì kọ́kọ́ ta; òṣèré kejì ló ni ihò 7–12. Nínú ọ̀wọ́ eré, àwọn òṣèré máa ń yípo bẹ̀rẹ̀ eré kọ̀ọ̀kan.",
            "Kó gbogbo ẹyọ inú ihò kan ní ìhà rẹ, kí o sì fi ẹyọ kan sínú ihò kọ̀ọ̀kan tó tẹ̀lé e, ní ìlòdì sí ọwọ́ aago; lẹ́yìn 12 ni 1. Ihò tí o ti kó ẹyọ kì í gba ẹyọ ní ìyípo kankan, nítorí náà yóò ṣófo nígbà tí ìgbésẹ̀ bá parí.",
            "Bí ẹyọ rẹ tó kẹ́yìn bá bọ́ sí ìhà alátakò, tí ihò náà sì di 2 tàbí 3 gẹ́lẹ́, kó o. Lẹ́yìn náà wo ihò tó ṣáájú rẹ̀: bí òun náà bá ní 2 tàbí 3, tí ó sì wà ní ìhà alátakò, kó o pẹ̀lú, bẹ́ẹ̀ lọ sẹ́yìn. Dúró ní iye mìíràn tàbí ní ìhà tìrẹ.",
            "Kò sí ẹyọ ní ìhà rẹ? O kọjá. Ìhà tó ṣófo nìkan kò parí eré, kò sì sí ọ̀ranyàn láti fún alátakò tí kò ní ẹyọ lóúnjẹ: a gbà kí o kó gbogbo ìhà rẹ̀.",
            "Eré parí nígbà tí ẹnì kan bá ti kó 25 tàbí jù bẹ́ẹ̀ lọ, tàbí tí ẹyọ tó kù lórí ọpọ́n kò bá tó 4. Ẹni tí ó kó jù ló borí; bí wọ́n bá dọ́gba, ọ̀mì ni. Ẹyọ tí ó kù lórí ọpọ́n kì í ṣe ti ẹnikẹ́ni.",
            "Pẹ̀lú kọ̀ǹpútà, ipò tí ó bá padà wá nígbà kẹta máa parí eré pẹ̀lú àmì tó wà. Láàárín ènìyàn, òṣèré kọ̀ọ̀kan lè dábàá láti parí eré pẹ̀lú àmì tó wà, èkejì á sì pinnu.",
          ],
        },
      },
    },
    togyz: {
      intro:
        "Togyz kumalak («òkúta mẹ́sàn-án» ní èdè Kazakh), tí wọ́n ń pè ní toguz korgool ní Kyrgyzstan, ni eré ìfúnrúgbìn ńlá ti pápá Kazakh. Ó jẹ́ ara ẹbí mancala, ṣùgbọ́n ọpọ́n rẹ̀ tóbi ju ti ọ̀pọ̀ lọ: ìlà méjì tí ọ̀kọ̀ọ̀kan ní ihò mẹ́sàn-án, òkúta mẹ́sàn-án nínú ihò kọ̀ọ̀kan, 162 lápapọ̀. Lónìí ó ní àwọn ẹgbẹ́ orílẹ̀-èdè, ẹgbẹ́ àgbáyé àti ìdíje àgbáyé, UNESCO sì ti kọ ọ́ sínú àkọsílẹ̀ ohun-ìní àṣà tí kò ṣeé fọwọ́ kàn. Ohun tó yà á sọ́tọ̀ ni tuzdyk: ihò alátakò rẹ kan tí o lè gbà di tìrẹ títí eré yóò fi parí.",
      sections: {
        0: {
          heading: "Òfin",
          items: [
            "Òṣèré kọ̀ọ̀kan ni ó ni ìlà ihò mẹ́sàn-án tó sún mọ́ ọn àti kazan kan (àká); ìlà tìrẹ ni ti ìsàlẹ̀. Òkúta mẹ́sàn-án ló wà nínú ihò kọ̀ọ̀kan ní ìbẹ̀rẹ̀. Pẹ̀lú kọ̀ǹpútà, ìwọ lo máa kọ́kọ́ ta; nínú ọ̀wọ́ eré àwọn òṣèré máa ń yípo bẹ̀rẹ̀ eré kọ̀ọ̀kan, nítorí náà kọ̀ǹpútà ló máa bẹ̀rẹ̀ eré kejì kọ̀ọ̀kan.",
            "Nígbà tí ó bá kàn ọ́, kó gbogbo òkúta inú ọ̀kan nínú àwọn ihò rẹ, kí o sì ta wọ́n lọ́kọ̀ọ̀kan ní ìlòdì sí ọwọ́ aago. Òkúta àkọ́kọ́ máa padà sínú ihò tí o ti kó wọn; ihò tí òkúta kan ṣoṣo wà nínú rẹ̀ kàn máa gbé e lọ sí ihò tó tẹ̀lé e. Ihò ńlá máa ń yí gbogbo ọpọ́n ká.",
            "Bí òkúta rẹ tó kẹ́yìn bá bọ́ sínú ihò alátakò, tí iye òkúta ibẹ̀ sì di òǹkà tí a lè pín sí méjì láìṣẹ́kù, kó gbogbo ihò náà sínú kazan rẹ. Ihò yẹn nìkan ni a kó. Òkúta tó kẹ́yìn ní ìhà tìrẹ kì í kó nǹkan.",
            "Bí òkúta rẹ tó kẹ́yìn bá sọ ihò alátakò di mẹ́ta gẹ́lẹ́, ihò náà di tuzdyk rẹ: o kó òkúta mẹ́ta náà, gbogbo òkúta tó bá sì bọ́ sínú rẹ̀ lẹ́yìn náà, láti ọwọ́ òṣèré èyíkéyìí, máa lọ tààrà sínú kazan rẹ.",
            "Òṣèré kọ̀ọ̀kan lè ní tuzdyk kan ṣoṣo, yóò sì wà títí eré yóò fi parí. Ihò kẹsàn-án alátakò (èyí tó kẹ́yìn kí ìlà tìrẹ tó bẹ̀rẹ̀) kò lè di tuzdyk láé. O kò sì lè gba ihò tí nọ́mbà rẹ̀ bá ti tuzdyk alátakò mu: bí tuzdyk rẹ̀ bá jẹ́ ihò 4 tìrẹ, o kò lè gba ihò 4 tirẹ̀. Bí a kò bá gbà kí o gba tuzdyk, a ṣì máa ta ìgbésẹ̀ náà, òkúta mẹ́ta náà á sì wà níbi tí wọ́n wà.",
            "Ẹni tó kọ́kọ́ kó òkúta 82 ló borí; 81 lọ́wọ́ ẹnì kọ̀ọ̀kan jẹ́ ọ̀mì. Bí òṣèré tí ó kàn kò bá ní òkúta ní ìhà rẹ̀ (atsyz), òṣèré kọ̀ọ̀kan máa fi òkúta ìhà rẹ̀ kún kazan rẹ̀, kazan tó tóbi jù ló sì borí.",
          ],
        },
      },
    },
    tsoro: {
      intro:
        "Tsoro ni eré ìfúnrúgbìn ìlà mẹ́rin ti Zimbabwe. Òṣèré kọ̀ọ̀kan ni ó ni ìlà méjì tó sún mọ́ ọn, ẹyọ sì máa ń yí ká ìlà méjì tìrẹ nìkan. Ṣe é ní Tsoro àtijọ́, níbi tí ẹyọ tí a kó ti ń kúrò lórí ọpọ́n, tàbí Ẹni tó borí kó gbogbo rẹ̀, níbi tí o gbọ́dọ̀ ni gbogbo ẹyọ.",
      sections: {
        0: {
          heading: "Ọpọ́n",
          items: [
            "Yan ihò 4 sí 12 ní ìlà kọ̀ọ̀kan àti ẹyọ 1 sí 10 nínú ihò kọ̀ọ̀kan. Ìhà tìrẹ ni ìlà méjì ti ìsàlẹ̀ nígbà gbogbo; ìlà òkè rẹ dojú kọ ìlà òkè alátakò.",
            "Ẹyọ máa ń yí ká ìlà méjì tìrẹ ní ìlòdì sí ọwọ́ aago nígbà gbogbo: láti òsì sí ọ̀tún ní ìlà ìsàlẹ̀ rẹ, lẹ́yìn náà láti ọ̀tún sí òsì ní ìlà òkè rẹ, tí yóò sì tún yí ká.",
            "Nínú ọ̀wọ́ eré, àwọn òṣèré máa ń yípo bẹ̀rẹ̀ eré kọ̀ọ̀kan.",
            "Nínú Tsoro àtijọ́ àti Ẹni tó borí kó gbogbo rẹ̀, ìgbésẹ̀ kan kò lè ní ju àtúntà 100 lọ: nígbà tí ẹyọ tó kẹ́yìn nínú àtúntà tó pé 100 bá bọ́ síbi tí àtúntà mìíràn ì bá ti bẹ̀rẹ̀, ìgbésẹ̀ náà parí síbẹ̀, ẹyọ sì wà níbi tí wọ́n wà. A máa kọ́kọ́ wo kíkó, bí ó ti máa ń rí.",
          ],
        },
        1: {
          heading: "Tsoro àtijọ́",
          items: [
            "Ta: kó gbogbo ẹyọ inú ihò rẹ èyíkéyìí tí ẹyọ wà (kódà bí ó bá jẹ́ ẹyọ kan ṣoṣo), kí o sì fi ẹyọ kan sínú ihò kọ̀ọ̀kan.",
            "Àtúntà: bí ẹyọ tó kẹ́yìn bá bọ́ sínú ihò tí ẹyọ ti wà tẹ́lẹ̀, kó gbogbo ihò náà, kí o sì máa ta lọ.",
            "Kíkó: bí ẹyọ tó kẹ́yìn bá bọ́ sínú ihò ìlà òkè rẹ tí ẹyọ ti wà tẹ́lẹ̀, tí ihò òkè alátakò tó dojú kọ ọ́ sì ní ẹyọ, kó ihò rẹ̀ méjèèjì ní ọ̀wọ̀n yẹn (ti òkè àti ti ìsàlẹ̀). Ẹyọ tí a kó máa kúrò lórí ọpọ́n, a sì kà wọ́n fún ọ. Àkókò rẹ parí.",
            "Dúró: ẹyọ tó kẹ́yìn nínú ihò tó ṣófo máa parí àkókò rẹ.",
            "Ìborí: òṣèré tí kò ní ẹyọ láti ta ti fìdí rẹmi. Lẹ́yìn ìgbésẹ̀ 50 láìsí kíkó, ẹni tí ẹyọ rẹ̀ pọ̀ jù lórí ọpọ́n ló borí; bí wọ́n bá dọ́gba, ọ̀mì ni.",
          ],
        },
        2: {
          heading: "Ẹni tó borí kó gbogbo rẹ̀",
          items: [
            "Ọpọ́n àti títa kò yí padà, ṣùgbọ́n ẹyọ tí a kó máa padà sínú eré ní ìhà tìrẹ: àfojúsùn ni láti ni gbogbo ẹyọ.",
            "Àtúntà láti ìlà ìsàlẹ̀ rẹ bí ti Tsoro àtijọ́.",
            "Kíkó: nígbà tí ẹyọ rẹ tó kẹ́yìn bá bọ́ sínú ihò ìlà òkè rẹ tí ẹyọ ti wà tẹ́lẹ̀, tí ihò òkè alátakò tó dojú kọ ọ́ sì ní ẹyọ, kó ihò òkè àti ìsàlẹ̀ rẹ̀ ní ọ̀wọ̀n yẹn, kí o sì ta ẹyọ wọ̀nyẹn lọ lẹ́sẹ̀kẹsẹ̀, láti ihò tó tẹ̀lé èyí tí o bọ́ sí.",
            "Ẹ̀wọ̀n: níbi tí èyí tó kẹ́yìn nínú wọn bá bọ́ sí, àyẹ̀wò kan náà ló wà: tún kó, ṣe àtúntà láti ìlà ìsàlẹ̀, tàbí dúró.",
            "Dúró: àkókò rẹ máa parí ní ihò tó ṣófo, tàbí ní ìlà òkè rẹ nígbà tí ihò tó dojú kọ ọ́ bá ṣófo.",
            "Ìborí: ni gbogbo ẹyọ. Lẹ́yìn ìgbésẹ̀ 80 láìsí kíkó, tàbí nígbà tí ìgbésẹ̀ bá pé 400, ẹni tí ẹyọ rẹ̀ pọ̀ jù ló borí; bí wọ́n bá dọ́gba, ọ̀mì ni.",
          ],
        },
      },
    },
  },
};
