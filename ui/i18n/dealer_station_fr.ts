<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr">
<context>
    <name>engine</name>
    <message>
        <source>Open betting for the next round</source>
        <translation>Ouvrez les mises du coup suivant</translation>
    </message>
    <message>
        <source>Round void ({cause}): stakes returned. Open the next round</source>
        <translation>Coup nul ({cause})&#xa0;: mises rendues. Ouvrez le coup suivant</translation>
    </message>
    <message>
        <source>HALTED - {what}</source>
        <translation>ARRÊT - {what}</translation>
    </message>
    <message>
        <source>Place your bets, then call No more bets</source>
        <translation>Faites vos jeux, puis annoncez Rien ne va plus</translation>
    </message>
    <message>
        <source>No more bets - waiting for a verified deck</source>
        <translation>Rien ne va plus - en attente d&apos;un jeu vérifié</translation>
    </message>
    <message>
        <source>Deal by hand, face down: two to each seat, two to the dealer, five to the board; then Cards dealt</source>
        <translation>À la main, faces cachées&#xa0;: 2 par place, 2 à la Banque, 5 au tableau ; puis Cartes distribuées</translation>
    </message>
    <message>
        <source>Dealing</source>
        <translation>Distribution</translation>
    </message>
    <message>
        <source>Reading shoe, {order}: 2 to each seat, 2 to the dealer, 5 to the board</source>
        <translation>Sabot lecteur, {order}&#xa0;: 2 par place, 2 à la Banque, 5 au tableau</translation>
    </message>
    <message>
        <source>one card at a time around the table</source>
        <translation>carte par carte, en tournant</translation>
    </message>
    <message>
        <source>two cards at a time</source>
        <translation>deux cartes à la fois</translation>
    </message>
    <message>
        <source>{street} decision: seat {seat}</source>
        <translation>Décision {street}&#xa0;: place {seat}</translation>
    </message>
    <message>
        <source>Reveal the {what}: {how}{target}</source>
        <translation>Retournez {what}&#xa0;: {how}{target}</translation>
    </message>
    <message>
        <source> ({position} card {number})</source>
        <translation> ({position}, carte {number})</translation>
    </message>
    <message>
        <source>pass the cards over the reader</source>
        <translation>passez les cartes sur le lecteur</translation>
    </message>
    <message>
        <source>key each card</source>
        <translation>saisissez chaque carte</translation>
    </message>
    <message>
        <source>turn the cards over</source>
        <translation>retournez les cartes</translation>
    </message>
    <message>
        <source>dealer&apos;s hand</source>
        <translation>la main de la Banque</translation>
    </message>
    <message>
        <source>players&apos; hands</source>
        <translation>les mains des joueurs</translation>
    </message>
    <message>
        <source>Settle seat {seat} (right to left)</source>
        <translation>Réglez la place {seat} (de droite à gauche)</translation>
    </message>
    <message>
        <source>Settled</source>
        <translation>Réglé</translation>
    </message>
    <message>
        <source>STOPPED - {reason}</source>
        <translation>ARRÊTÉ - {reason}</translation>
    </message>
    <message>
        <source>Open betting for the next round. The journal&apos;s disk is getting full: tell a supervisor</source>
        <translation>Ouvrez les mises du coup suivant. Le disque du journal se remplit : prévenez un superviseur</translation>
    </message>
    <message>
        <source>STOPPED - the journal&apos;s disk is nearly full: no round opens until a technician frees space</source>
        <translation>ARRÊTÉ - le disque du journal est presque plein : aucun coup ne s&apos;ouvre tant qu&apos;un technicien n&apos;a pas libéré de la place</translation>
    </message>
    <message>
        <source>Call a supervisor</source>
        <translation>Appelez un superviseur</translation>
    </message>
    <message>
        <source>Jackpot: call a supervisor to verify it</source>
        <translation>Jackpot&#xa0;: appelez un superviseur pour le vérifier</translation>
    </message>
    <message>
        <source>Waiting for the {device} to reconnect; call a supervisor if it does not</source>
        <translation>En attente de la reconnexion du {device} ; sinon appelez un superviseur</translation>
    </message>
    <message>
        <source>Key the card in from what you read on its face</source>
        <translation>Saisissez la carte d&apos;après sa face</translation>
    </message>
    <message>
        <source>The reader read nothing: pass the card over it again, or key it</source>
        <translation>Le lecteur n&apos;a rien lu&#xa0;: repassez la carte ou saisissez-la</translation>
    </message>
    <message>
        <source>{place} was not read in {seconds} s</source>
        <translation>{place} non lue en {seconds}&#xa0;s</translation>
    </message>
    <message>
        <source>Pool closed: no link</source>
        <translation>Pool fermé&#xa0;: pas de liaison</translation>
    </message>
    <message>
        <source>Jackpot pending verification at table {table}: {amount}</source>
        <translation>Jackpot en attente de vérification à la table {table}&#xa0;: {amount}</translation>
    </message>
    <message>
        <source>board</source>
        <translation>tableau</translation>
    </message>
    <message>
        <source>dealer</source>
        <translation>Banque</translation>
    </message>
    <message>
        <source>burn</source>
        <translation>brûlée</translation>
    </message>
    <message>
        <source>seat {seat}</source>
        <translation>place {seat}</translation>
    </message>
    <message>
        <source>This table keeps no bank</source>
        <translation>Cette table ne tient pas de caisse</translation>
    </message>
    <message>
        <source>No shift open: count the tray and open one</source>
        <translation>Aucun poste ouvert&#xa0;: comptez la caisse et ouvrez-en un</translation>
    </message>
    <message>
        <source>Shift {shift} open ({day}): dealer {dealer}, supervisor {supervisor}</source>
        <translation>Poste {shift} ouvert ({day})&#xa0;: croupier {dealer}, superviseur {supervisor}</translation>
    </message>
    <message>
        <source>Shift {shift} ({day}) closed: count the tray and open the next</source>
        <translation>Poste {shift} ({day}) fermé&#xa0;: comptez la caisse et ouvrez le suivant</translation>
    </message>
    <message>
        <source>Opener differs from the last closer by {amount} ({class})</source>
        <translation>L&apos;ouverture diffère de la dernière fermeture de {amount} ({class})</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <source>note</source>
        <translation>à noter</translation>
    </message>
    <message>
        <source>report to security</source>
        <translation>rapport à la sécurité</translation>
    </message>
    <message>
        <source>report to the regulator</source>
        <translation>rapport au régulateur</translation>
    </message>
    <message>
        <source>No shift is open: open one with its opener first</source>
        <translation>Aucun poste ouvert&#xa0;: ouvrez-en un avec son inventaire d&apos;abord</translation>
    </message>
    <message>
        <source>Sign the dealer in first: the dealer and a supervisor count the chips</source>
        <translation>Identifiez d&apos;abord le croupier&#xa0;: le croupier et un superviseur comptent les jetons</translation>
    </message>
    <message>
        <source>Not a count of this table&apos;s chips: {problem}</source>
        <translation>Ce n&apos;est pas un compte des jetons de cette table&#xa0;: {problem}</translation>
    </message>
    <message>
        <source>Round {round_id} is still open: a shift opens between rounds</source>
        <translation>Le coup {round_id} est encore ouvert&#xa0;: un poste s&apos;ouvre entre deux coups</translation>
    </message>
    <message>
        <source>Round {round_id} is still open: a shift closes between rounds</source>
        <translation>Le coup {round_id} est encore ouvert&#xa0;: un poste se ferme entre deux coups</translation>
    </message>
    <message>
        <source>Shift {shift} is open: close it first</source>
        <translation>Le poste {shift} est ouvert&#xa0;: fermez-le d&apos;abord</translation>
    </message>
    <message>
        <source>Slip {slip} is still in flight: receive it or void it first</source>
        <translation>Le bordereau {slip} est en cours&#xa0;: recevez-le ou annulez-le d&apos;abord</translation>
    </message>
    <message>
        <source>Choose a seat from 1 to {seats}</source>
        <translation>Choisissez une place de 1 à {seats}</translation>
    </message>
    <message>
        <source>A buy-in is cash or a marker</source>
        <translation>Un change se fait en espèces ou par marqueur</translation>
    </message>
    <message>
        <source>Not a buy-in amount: {problem}</source>
        <translation>Montant de change invalide&#xa0;: {problem}</translation>
    </message>
    <message>
        <source>Not a player id</source>
        <translation>Identifiant de joueur invalide</translation>
    </message>
    <message>
        <source>A fill or a credit needs at least one chip</source>
        <translation>Un remplissage ou un crédit demande au moins un jeton</translation>
    </message>
    <message>
        <source>No floor numbers slips at this table: no fill or credit can be issued</source>
        <translation>Aucun serveur ne numérote les bordereaux de cette table&#xa0;: ni remplissage ni crédit possible</translation>
    </message>
    <message>
        <source>The floor cannot be reached: no slip issued. Try again when it is back</source>
        <translation>Serveur injoignable&#xa0;: aucun bordereau émis. Réessayez à son retour</translation>
    </message>
    <message>
        <source>No slip {slip} in this shift</source>
        <translation>Pas de bordereau {slip} dans ce poste</translation>
    </message>
    <message>
        <source>Slip {slip} is {state}: only an issued slip is received</source>
        <translation>Le bordereau {slip} est {state}&#xa0;: seul un bordereau émis se reçoit</translation>
    </message>
    <message>
        <source>Slip {slip} is {state}: only a slip in flight can be voided</source>
        <translation>Le bordereau {slip} est {state}&#xa0;: seul un bordereau en cours s&apos;annule</translation>
    </message>
    <message>
        <source>Slip {slip} refused: the chips counted are not the slip&apos;s. Nothing moved</source>
        <translation>Bordereau {slip} refusé&#xa0;: les jetons comptés ne sont pas ceux du bordereau. Rien n&apos;a bougé</translation>
    </message>
    <message>
        <source>Another supervisor must void it: whoever requested a slip may not void it</source>
        <translation>Un autre superviseur doit l&apos;annuler&#xa0;: qui a demandé un bordereau ne peut l&apos;annuler</translation>
    </message>
    <message>
        <source>Open the shift</source>
        <translation>Ouvrir le poste</translation>
    </message>
    <message>
        <source>Close the shift</source>
        <translation>Fermer le poste</translation>
    </message>
    <message>
        <source>Request a fill</source>
        <translation>Demander un remplissage</translation>
    </message>
    <message>
        <source>Request a credit</source>
        <translation>Demander un crédit</translation>
    </message>
    <message>
        <source>Receive a slip</source>
        <translation>Recevoir un bordereau</translation>
    </message>
    <message>
        <source>Void a slip</source>
        <translation>Annuler un bordereau</translation>
    </message>
    <message>
        <source>Clear the tray alarm</source>
        <translation>Lever l&apos;alarme du plateau</translation>
    </message>
    <message>
        <source>The chips were found (counted again)</source>
        <translation>Jetons retrouvés (recomptés)</translation>
    </message>
    <message>
        <source>Reported to security</source>
        <translation>Signalé à la sécurité</translation>
    </message>
    <message>
        <source>The antenna misread the tray</source>
        <translation>L&apos;antenne a mal lu le plateau</translation>
    </message>
    <message>
        <source>TRAY ALARM after round {round}: the tray is {amount} off ({moved}). Call a supervisor</source>
        <translation>ALARME PLATEAU après la manche {round} : écart de {amount} ({moved}). Appelez un superviseur</translation>
    </message>
    <message>
        <source>There is no tray alarm to clear</source>
        <translation>Aucune alarme du plateau à lever</translation>
    </message>
    <message>
        <source>The tray antenna has not read the tray: count the closer by hand</source>
        <translation>L&apos;antenne n&apos;a pas lu le plateau : comptez la clôture à la main</translation>
    </message>
    <message>
        <source>The tray antenna&apos;s last scan is not whole (a column unread or an unknown chip): count the closer by hand</source>
        <translation>La dernière lecture de l&apos;antenne est incomplète (colonne non lue ou jeton inconnu) : comptez la clôture à la main</translation>
    </message>
    <message>
        <source>The closer given is not the tray the antenna read: confirm the sensed one or count by hand</source>
        <translation>La clôture saisie n&apos;est pas le plateau lu par l&apos;antenne : confirmez la lecture ou comptez à la main</translation>
    </message>
    <message>
        <source>Sensed is yes or no</source>
        <translation>Lu par l&apos;antenne : oui ou non</translation>
    </message>
    <message>
        <source>Count the closer (or confirm the tray antenna&apos;s)</source>
        <translation>Comptez la clôture (ou confirmez celle de l&apos;antenne)</translation>
    </message>
    <message>
        <source>Wrong chips on the slip</source>
        <translation>Mauvais jetons sur le bordereau</translation>
    </message>
    <message>
        <source>Not needed any more</source>
        <translation>Plus nécessaire</translation>
    </message>
    <message>
        <source>A buy-in is taken between rounds or while bets are open</source>
        <translation>Un change se fait entre deux coups ou pendant les mises</translation>
    </message>
    <message>
        <source>A shift opens between rounds</source>
        <translation>Un poste s&apos;ouvre entre deux coups</translation>
    </message>
    <message>
        <source>A shift closes between rounds: finish the round first</source>
        <translation>Un poste se ferme entre deux coups&#xa0;: finissez le coup d&apos;abord</translation>
    </message>
    <message>
        <source>shoe</source>
        <translation>sabot</translation>
    </message>
    <message>
        <source>reader</source>
        <translation>lecteur</translation>
    </message>
    <message>
        <source>reading shoe</source>
        <translation>sabot lecteur</translation>
    </message>
    <message>
        <source>bet sensor</source>
        <translation>capteur de mises</translation>
    </message>
    <message>
        <source>tray antenna</source>
        <translation>antenne du plateau</translation>
    </message>
    <message>
        <source>device</source>
        <translation>appareil</translation>
    </message>
    <message>
        <source>{device} {model} {serial} refused: {reason}. Do not deal; call a supervisor and a technician</source>
        <translation>{device} {model} {serial} refusé : {reason}. Ne distribuez pas ; appelez un superviseur et un technicien</translation>
    </message>
    <message>
        <source>Do not deal; call a supervisor and a technician</source>
        <translation>Ne distribuez pas ; appelez un superviseur et un technicien</translation>
    </message>
    <message>
        <source>The {device} {model} {serial} was refused: {reason}</source>
        <translation>{device} {model} {serial} a été refusé : {reason}</translation>
    </message>
    <message>
        <source>refused: {reason}</source>
        <translation>refusé : {reason}</translation>
    </message>
    <message>
        <source>unauthenticated</source>
        <translation>non authentifié</translation>
    </message>
    <message>
        <source>any program approved</source>
        <translation>tout programme accepté</translation>
    </message>
    <message>
        <source>wrong key</source>
        <translation>mauvaise clé</translation>
    </message>
    <message>
        <source>program not approved</source>
        <translation>programme non homologué</translation>
    </message>
    <message>
        <source>another unit on its port</source>
        <translation>autre appareil sur son port</translation>
    </message>
    <message>
        <source>serial not enrolled</source>
        <translation>numéro de série non enregistré</translation>
    </message>
    <message>
        <source>enrolment revoked</source>
        <translation>enregistrement révoqué</translation>
    </message>
    <message>
        <source>Accept the unit now on its port: it replaces the one that stood there</source>
        <translation>Accepter l&apos;appareil branché sur ce port&#xa0;: il remplace celui qui s&apos;y trouvait</translation>
    </message>
    <message>
        <source>Accept the unit</source>
        <translation>Accepter l&apos;appareil</translation>
    </message>
    <message>
        <source>Unit checked by the supervisor</source>
        <translation>Appareil vérifié par le superviseur</translation>
    </message>
    <message>
        <source>Shoe jam</source>
        <translation>Sabot bloqué</translation>
    </message>
    <message>
        <source>Shoe misfeed</source>
        <translation>Erreur d&apos;alimentation du sabot</translation>
    </message>
    <message>
        <source>Shoe door open</source>
        <translation>Porte du sabot ouverte</translation>
    </message>
    <message>
        <source>Device error</source>
        <translation>Erreur d&apos;appareil</translation>
    </message>
    <message>
        <source>Reading shoe alarm</source>
        <translation>Alarme du sabot lecteur</translation>
    </message>
    <message>
        <source>Card unreadable</source>
        <translation>Carte illisible</translation>
    </message>
    <message>
        <source>No read from the reader</source>
        <translation>Aucune lecture du lecteur</translation>
    </message>
    <message>
        <source>Deck check failed</source>
        <translation>Contrôle du jeu échoué</translation>
    </message>
    <message>
        <source>Device power cycled</source>
        <translation>Appareil redémarré</translation>
    </message>
    <message>
        <source>Device link lost</source>
        <translation>Liaison perdue</translation>
    </message>
    <message>
        <source>Device link errors</source>
        <translation>Erreurs de liaison</translation>
    </message>
    <message>
        <source>Card dealt twice</source>
        <translation>Carte distribuée deux fois</translation>
    </message>
    <message>
        <source>Unexpected card</source>
        <translation>Carte inattendue</translation>
    </message>
    <message>
        <source>Card missing</source>
        <translation>Carte manquante</translation>
    </message>
    <message>
        <source>Misdeal alarm: reader and shoe disagree</source>
        <translation>Alarme&#xa0;: lecteur et sabot ne concordent pas</translation>
    </message>
    <message>
        <source>Station restarted mid-deal</source>
        <translation>Poste redémarré pendant la donne</translation>
    </message>
    <message>
        <source>Jackpot hit: verification needed</source>
        <translation>Jackpot gagné&#xa0;: vérification requise</translation>
    </message>
    <message>
        <source>Pool award waits for the progressive controller</source>
        <translation>Gain du Pool en attente du contrôleur du progressif</translation>
    </message>
    <message>
        <source>Station error</source>
        <translation>Erreur du poste</translation>
    </message>
    <message>
        <source>Supervisor decision</source>
        <translation>Décision du superviseur</translation>
    </message>
    <message>
        <source>Device refused</source>
        <translation>Appareil refusé</translation>
    </message>
    <message>
        <source>Reading shoe warning</source>
        <translation>Avertissement du sabot lecteur</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>Arrêté</translation>
    </message>
    <message>
        <source>a card is jammed in the feed</source>
        <translation>une carte est coincée dans le couloir</translation>
    </message>
    <message>
        <source>a card did not feed</source>
        <translation>une carte n&apos;est pas sortie</translation>
    </message>
    <message>
        <source>its door is open</source>
        <translation>sa porte est ouverte</translation>
    </message>
    <message>
        <source>an internal error</source>
        <translation>une erreur interne</translation>
    </message>
    <message>
        <source>a card it could not read</source>
        <translation>une carte illisible</translation>
    </message>
    <message>
        <source>the deck count is wrong</source>
        <translation>le compte du jeu est faux</translation>
    </message>
    <message>
        <source>it was switched off and on again</source>
        <translation>il a été éteint puis rallumé</translation>
    </message>
    <message>
        <source>its link is lost</source>
        <translation>la liaison est perdue</translation>
    </message>
    <message>
        <source>too many transmission errors</source>
        <translation>trop d&apos;erreurs de transmission</translation>
    </message>
    <message>
        <source>an alarm ({code})</source>
        <translation>une alarme ({code})</translation>
    </message>
    <message>
        <source>a fault</source>
        <translation>une panne</translation>
    </message>
    <message>
        <source>Void the round: every stake returned</source>
        <translation>Déclarer le coup nul&#xa0;: toutes les mises rendues</translation>
    </message>
    <message>
        <source>Clear the fault: no card exposed, the deal goes on</source>
        <translation>Lever le défaut&#xa0;: aucune carte vue, la donne continue</translation>
    </message>
    <message>
        <source>Accept the dealt card: the round goes on</source>
        <translation>Accepter la carte distribuée&#xa0;: le coup continue</translation>
    </message>
    <message>
        <source>Verify the jackpot: the hit is paid</source>
        <translation>Vérifier le jackpot&#xa0;: le gain est payé</translation>
    </message>
    <message>
        <source>Resume the round</source>
        <translation>Reprendre le coup</translation>
    </message>
    <message>
        <source>Show every card of this round (dispute)</source>
        <translation>Voir toutes les cartes du coup (litige)</translation>
    </message>
    <message>
        <source>The card is {card} as dealt: go on</source>
        <translation>Carte {card} confirmée&#xa0;: continuer</translation>
    </message>
    <message>
        <source>Void the round</source>
        <translation>Déclarer le coup nul</translation>
    </message>
    <message>
        <source>Clear the fault: the deal goes on</source>
        <translation>Lever le défaut&#xa0;: la donne continue</translation>
    </message>
    <message>
        <source>Jackpot: seat {seat}, {hand} {cards}, {percent}% of the meter = {amount}</source>
        <translation>Jackpot&#xa0;: place {seat}, {hand} {cards}, {percent}&#xa0;% du compteur = {amount}</translation>
    </message>
    <message>
        <source>Jackpot: seat {seat}, {hand} {cards}: meter at the hit {meter} × {percent}% = {amount}</source>
        <translation>Jackpot&#xa0;: place {seat}, {hand} {cards}&#xa0;: compteur au gain {meter} × {percent}&#xa0;% = {amount}</translation>
    </message>
    <message>
        <source>The shoe dealt {expected} as {place}; the reader read {read}</source>
        <translation>Le sabot a donné {expected} en {place}&#xa0;; le lecteur a lu {read}</translation>
    </message>
    <message>
        <source>{place} could not be read: key it in from its face</source>
        <translation>{place} illisible&#xa0;: saisissez-la d’après sa face</translation>
    </message>
    <message>
        <source>The {device} does not answer: {reason}</source>
        <translation>Le {device} ne répond pas&#xa0;: {reason}</translation>
    </message>
    <message>
        <source>Deck check: {count} cards; missing {missing}; extra {extra}; twice {duplicates}</source>
        <translation>Contrôle du jeu&#xa0;: {count} cartes&#xa0;; manquantes {missing}&#xa0;; en trop {extra}&#xa0;; en double {duplicates}</translation>
    </message>
    <message>
        <source>The deck is short: {cards} missing</source>
        <translation>Il manque une carte au jeu&#xa0;: {cards}</translation>
    </message>
    <message>
        <source>{cards} twice in the deck</source>
        <translation>{cards} en double dans le jeu</translation>
    </message>
    <message>
        <source>{cards} not of this deck</source>
        <translation>{cards} n&apos;appartient pas à ce jeu</translation>
    </message>
    <message>
        <source>The deck has {count} cards, not 52</source>
        <translation>Le jeu compte {count} cartes, pas 52</translation>
    </message>
    <message>
        <source>Find the missing card or change the deck, then Re-check the deck; the bets stay</source>
        <translation>Retrouvez la carte ou changez le jeu, puis Revérifier le jeu ; les mises restent</translation>
    </message>
    <message>
        <source>The {device} reports: {text}</source>
        <translation>Le {device} signale&#xa0;: {text}</translation>
    </message>
    <message>
        <source>The station could not carry out a step; the round waits for a supervisor</source>
        <translation>La station n’a pas pu exécuter une étape&#xa0;; le coup attend un superviseur</translation>
    </message>
    <message>
        <source>{position} card {number}</source>
        <translation>{position}, carte {number}</translation>
    </message>
    <message>
        <source>Jam cleared, no card exposed</source>
        <translation>Bourrage levé, aucune carte vue</translation>
    </message>
    <message>
        <source>Door closed, no card exposed</source>
        <translation>Porte fermée, aucune carte vue</translation>
    </message>
    <message>
        <source>Device checked and restarted</source>
        <translation>Appareil vérifié et redémarré</translation>
    </message>
    <message>
        <source>Misdeal</source>
        <translation>Maldonne</translation>
    </message>
    <message>
        <source>Card exposed during the deal</source>
        <translation>Carte vue pendant la donne</translation>
    </message>
    <message>
        <source>Device fault</source>
        <translation>Panne d&apos;appareil</translation>
    </message>
    <message>
        <source>Player dispute</source>
        <translation>Litige avec un joueur</translation>
    </message>
    <message>
        <source>Card checked: the dealt card stands</source>
        <translation>Carte vérifiée&#xa0;: la carte distribuée reste</translation>
    </message>
    <message>
        <source>Hand checked against the cards on the table</source>
        <translation>Main vérifiée avec les cartes sur le tapis</translation>
    </message>
    <message>
        <source>Checked: the round can go on</source>
        <translation>Vérifié&#xa0;: le coup peut continuer</translation>
    </message>
    <message>
        <source>Game protection review</source>
        <translation>Contrôle de protection du jeu</translation>
    </message>
    <message>
        <source>{spot} {amount} is above the table maximum {limit}</source>
        <translation>{spot} {amount} dépasse le maximum de la table {limit}</translation>
    </message>
    <message>
        <source>{spot} {amount} is below the table minimum {limit}</source>
        <translation>{spot} {amount} est sous le minimum de la table {limit}</translation>
    </message>
    <message>
        <source>{spot} must equal the {other} ({amount})</source>
        <translation>{spot} doit égaler {other} ({amount})</translation>
    </message>
    <message>
        <source>{spot} is always {amount} at this table</source>
        <translation>{spot} vaut toujours {amount} à cette table</translation>
    </message>
    <message>
        <source>Pool closed: no link to the progressive controller</source>
        <translation>Pool fermé&#xa0;: pas de liaison avec le contrôleur du progressif</translation>
    </message>
    <message>
        <source>Place the {spot} first</source>
        <translation>Placez d&apos;abord {spot}</translation>
    </message>
    <message>
        <source>Badge or PIN not accepted</source>
        <translation>Badge ou code refusé</translation>
    </message>
    <message>
        <source>Refused: {problem}</source>
        <translation>Refusé&#xa0;: {problem}</translation>
    </message>
    <message>
        <source>Seat {seat}: a card of another casino: refused</source>
        <translation>Place {seat}&#xa0;: carte d&apos;un autre casino&#xa0;: refusée</translation>
    </message>
    <message>
        <source>A card was read at the table&apos;s reader: tap Players and choose the seat first</source>
        <translation>Une carte a été lue au lecteur de la table&#xa0;: touchez Joueurs et choisissez d&apos;abord la place</translation>
    </message>
    <message>
        <source>Seat {seat}: the card was not read whole: swipe it again</source>
        <translation>Place {seat}&#xa0;: la carte n&apos;a pas été lue en entier&#xa0;: passez-la à nouveau</translation>
    </message>
    <message>
        <source>This player is already carded in at seat {seat}</source>
        <translation>Ce joueur est déjà identifié à la place {seat}</translation>
    </message>
    <message>
        <source>Card refused: this player is on the exclusion list (list as of {since}); call a supervisor</source>
        <translation>Carte refusée&#xa0;: ce joueur est sur la liste d&apos;exclusion (liste du {since})&#xa0;; appelez un superviseur</translation>
    </message>
    <message>
        <source>Seat {seat} has a player carded in: card them out first</source>
        <translation>La place {seat} a déjà un joueur identifié&#xa0;: enregistrez d&apos;abord son départ</translation>
    </message>
    <message>
        <source>No player is carded in at seat {seat}</source>
        <translation>Aucun joueur identifié à la place {seat}</translation>
    </message>
    <message>
        <source>Seat {seat} is held (its player is excluded): no stake is taken; call a supervisor</source>
        <translation>La place {seat} est bloquée (son joueur est exclu)&#xa0;: aucune mise n&apos;est acceptée&#xa0;; appelez un superviseur</translation>
    </message>
    <message>
        <source>Winnings withheld at seat {seats} (player excluded): call a supervisor</source>
        <translation>Gains retenus à la place {seats} (joueur exclu)&#xa0;: appelez un superviseur</translation>
    </message>
    <message>
        <source>Settle seat {seat}: collect, pay nothing: {amount} withheld (player excluded)</source>
        <translation>Réglez la place {seat}&#xa0;: ramassez, ne payez rien&#xa0;: {amount} retenus (joueur exclu)</translation>
    </message>
    <message>
        <source>No winnings are withheld at that seat</source>
        <translation>Aucun gain n&apos;est retenu à cette place</translation>
    </message>
    <message>
        <source>Release the winnings withheld: pay them to the player</source>
        <translation>Libérer les gains retenus&#xa0;: les payer au joueur</translation>
    </message>
    <message>
        <source>Forfeit the winnings withheld: the player is not paid</source>
        <translation>Confisquer les gains retenus&#xa0;: le joueur n&apos;est pas payé</translation>
    </message>
    <message>
        <source>Player listed in error</source>
        <translation>Joueur inscrit par erreur</translation>
    </message>
    <message>
        <source>Exclusion confirmed</source>
        <translation>Exclusion confirmée</translation>
    </message>
    <message>
        <source>Correct a settled round: pay or collect per seat</source>
        <translation>Corriger un coup réglé&#xa0;: payer ou ramasser par place</translation>
    </message>
    <message>
        <source>Correct a card keyed wrong, before the settlement</source>
        <translation>Corriger une carte mal saisie, avant le règlement</translation>
    </message>
    <message>
        <source>Payout counted wrong at the table</source>
        <translation>Paiement mal compté à la table</translation>
    </message>
    <message>
        <source>A card was keyed wrong</source>
        <translation>Une carte a été mal saisie</translation>
    </message>
    <message>
        <source>Seat {seat} {spot}: unknown chip {chip}: remove it, or a supervisor accepts it</source>
        <translation>Place {seat} {spot}&#xa0;: jeton inconnu {chip}&#xa0;: retirez-le, ou un superviseur l&apos;accepte</translation>
    </message>
    <message>
        <source>{spot}: antenna down, key the stake</source>
        <translation>{spot}&#xa0;: antenne en panne, à saisir</translation>
    </message>
    <message>
        <source>Seat {seat} {spot}: unknown chip: remove it, or a supervisor accepts it</source>
        <translation>Place {seat} {spot}&#xa0;: jeton inconnu&#xa0;: retirez-le, ou un superviseur l&apos;accepte</translation>
    </message>
    <message>
        <source>{spot}: short {amount}</source>
        <translation>{spot}&#xa0;: manque {amount}</translation>
    </message>
    <message>
        <source>{spot}: over {amount}</source>
        <translation>{spot}&#xa0;: {amount} de trop</translation>
    </message>
    <message>
        <source>{spot}: losing bet not collected</source>
        <translation>{spot}&#xa0;: mise perdante non ramassée</translation>
    </message>
    <message>
        <source>take {amount} back from {spot}</source>
        <translation>reprenez {amount} sur {spot}</translation>
    </message>
    <message>
        <source>add {amount} to {spot}</source>
        <translation>ajoutez {amount} sur {spot}</translation>
    </message>
    <message>
        <source>collect {spot} {amount}</source>
        <translation>ramassez {spot} {amount}</translation>
    </message>
    <message>
        <source>Seat {seat}: {fixes}</source>
        <translation>Place {seat}&#xa0;: {fixes}</translation>
    </message>
    <message>
        <source>Past-posting: chips added after no more bets</source>
        <translation>Mise tardive&#xa0;: jetons ajoutés après rien ne va plus</translation>
    </message>
    <message>
        <source>Pinching: chips taken after no more bets</source>
        <translation>Mise retirée&#xa0;: jetons repris après rien ne va plus</translation>
    </message>
    <message>
        <source>Seat {seat} {spot}: locked {locked}, the sensor sees {seen}. Put the locked chips back to restore the stake, or void the round</source>
        <translation>Place {seat} {spot}&#xa0;: bloqué {locked}, le capteur voit {seen}. Remettez les jetons bloqués pour rétablir la mise, ou annulez le coup</translation>
    </message>
    <message>
        <source>Seat {seat} {spot}: the locked {locked} is back on the spot. Restore the stake, or void the round</source>
        <translation>Place {seat} {spot}&#xa0;: les {locked} bloqués sont revenus sur la case. Rétablissez la mise, ou annulez le coup</translation>
    </message>
    <message>
        <source>Restore the stake: the locked chips are back, the round goes on</source>
        <translation>Rétablir la mise&#xa0;: les jetons bloqués sont revenus, le coup continue</translation>
    </message>
    <message>
        <source>Restore the stake</source>
        <translation>Rétablir la mise</translation>
    </message>
    <message>
        <source>Accept the unknown chip: it counts this round</source>
        <translation>Accepter le jeton inconnu&#xa0;: il compte pour ce coup</translation>
    </message>
    <message>
        <source>Accept chip {chip} on seat {seat} {spot} at {amount}</source>
        <translation>Accepter le jeton {chip} place {seat} {spot} pour {amount}</translation>
    </message>
    <message>
        <source>Pay the seat although the chips do not match</source>
        <translation>Payer la place bien que les jetons ne correspondent pas</translation>
    </message>
    <message>
        <source>Seat {seat}: pay although {problems}</source>
        <translation>Place {seat}&#xa0;: payer malgré {problems}</translation>
    </message>
    <message>
        <source>Chips put back as locked</source>
        <translation>Jetons remis comme bloqués</translation>
    </message>
    <message>
        <source>Player warned, stake as locked</source>
        <translation>Joueur averti, mise telle que bloquée</translation>
    </message>
    <message>
        <source>Chip of a sister casino, checked</source>
        <translation>Jeton d&apos;un casino partenaire, vérifié</translation>
    </message>
    <message>
        <source>Chip checked by the supervisor</source>
        <translation>Jeton vérifié par le superviseur</translation>
    </message>
    <message>
        <source>Payout counted by hand: it is right</source>
        <translation>Paiement compté à la main&#xa0;: il est juste</translation>
    </message>
    <message>
        <source>Antenna misread the chips</source>
        <translation>L&apos;antenne a mal lu les jetons</translation>
    </message>
    <message>
        <source>Cloned chip: one chip id on more than one spot</source>
        <translation>Jeton cloné&#xa0;: un même identifiant sur plus d&apos;une case</translation>
    </message>
    <message>
        <source>Chip {chip} is seen on more than one spot (seats {seats}). Take the cloned tags off, then a supervisor resolves it, or void the round</source>
        <translation>Le jeton {chip} est vu sur plus d&apos;une case (places {seats}). Retirez les étiquettes clonées, puis un superviseur lève l&apos;alerte, ou annulez le coup</translation>
    </message>
    <message>
        <source>Chip {chip} was seen on more than one spot (seats {seats}); each id lies on one spot now. A supervisor resolves it, or voids the round</source>
        <translation>Le jeton {chip} a été vu sur plus d&apos;une case (places {seats})&#xa0;; chaque identifiant est maintenant sur une seule case. Un superviseur lève l&apos;alerte, ou annule le coup</translation>
    </message>
    <message>
        <source>Resolve the cloned chip: the clones are off the layout</source>
        <translation>Lever l&apos;alerte de jeton cloné&#xa0;: les clones sont retirés du tapis</translation>
    </message>
    <message>
        <source>Resolve the clone</source>
        <translation>Lever l&apos;alerte</translation>
    </message>
    <message>
        <source>Cloned tags taken off the layout</source>
        <translation>Étiquettes clonées retirées du tapis</translation>
    </message>
    <message>
        <source>Every chip on the layout checked</source>
        <translation>Chaque jeton du tapis vérifié</translation>
    </message>
    <message>
        <source>Round {number} opened</source>
        <translation>Coup {number} ouvert</translation>
    </message>
    <message>
        <source>No more bets</source>
        <translation>Rien ne va plus</translation>
    </message>
    <message>
        <source>Cards dealt</source>
        <translation>Cartes distribuées</translation>
    </message>
    <message>
        <source>{place}: {card}</source>
        <translation>{place}&#xa0;: {card}</translation>
    </message>
    <message>
        <source>Seat {seat}: {action}</source>
        <translation>Place {seat}&#xa0;: {action}</translation>
    </message>
    <message>
        <source>Seat {seat} mucked</source>
        <translation>Place {seat}&#xa0;: main jetée</translation>
    </message>
    <message>
        <source>Halted: {cause}</source>
        <translation>Arrêt&#xa0;: {cause}</translation>
    </message>
    <message>
        <source>Going on</source>
        <translation>Reprise</translation>
    </message>
    <message>
        <source>Seat {seat} paid</source>
        <translation>Place {seat} payée</translation>
    </message>
    <message>
        <source>Seat {seat} paid: undone</source>
        <translation>Place {seat} payée&#xa0;: défait</translation>
    </message>
    <message>
        <source>Round closed</source>
        <translation>Coup terminé</translation>
    </message>
    <message>
        <source>Void: {cause}</source>
        <translation>Coup nul&#xa0;: {cause}</translation>
    </message>
    <message>
        <source>This round</source>
        <translation>Ce coup</translation>
    </message>
    <message>
        <source>Limits</source>
        <translation>Limites</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Ensuite</translation>
    </message>
    <message>
        <source>Seat at least two players with chips, then deal the next hand</source>
        <translation>Installez au moins deux joueurs avec des jetons, puis donnez le coup suivant</translation>
    </message>
    <message>
        <source>Deal the next hand</source>
        <translation>Donnez le coup suivant</translation>
    </message>
    <message>
        <source>Hand over: deal the next hand</source>
        <translation>Coup terminé&#xa0;: donnez le suivant</translation>
    </message>
    <message>
        <source>Hand void ({cause}): every chip put in goes back</source>
        <translation>Coup nul ({cause})&#xa0;: chaque jeton misé est rendu</translation>
    </message>
    <message>
        <source>Waiting for the shoe&apos;s verified deck</source>
        <translation>En attente du jeu vérifié par le sabot</translation>
    </message>
    <message>
        <source>Deal two cards to each seat from the button&apos;s left</source>
        <translation>Donnez deux cartes à chaque place, en commençant à gauche du bouton</translation>
    </message>
    <message>
        <source>Deal two cards to each seat from the button&apos;s left, then Cards dealt</source>
        <translation>Donnez deux cartes à chaque place depuis la gauche du bouton, puis Cartes distribuées</translation>
    </message>
    <message>
        <source>Deal the {street}: burn one, {count} to the board</source>
        <translation>Donnez le {street}&#xa0;: une carte brûlée, {count} au tableau</translation>
    </message>
    <message>
        <source>Deal from the reading shoe, {order}: two cards to each seat from the button&apos;s left</source>
        <translation>Distribuez depuis le sabot lecteur, {order}&#xa0;: deux cartes par place depuis la gauche du bouton</translation>
    </message>
    <message>
        <source>Deal the {street}: burn one, {count} to the board, then {how}</source>
        <translation>Donnez le {street}&#xa0;: une brûlée, {count} au tableau, puis {how}</translation>
    </message>
    <message>
        <source>{street}: seat {seat} to act ({options})</source>
        <translation>{street}&#xa0;: place {seat} de parler ({options})</translation>
    </message>
    <message>
        <source>Showdown: seat {seat} shows or mucks</source>
        <translation>Abattage&#xa0;: la place {seat} montre ou jette</translation>
    </message>
    <message>
        <source>Showdown: read seat {seat}&apos;s shown hand, or muck it</source>
        <translation>Abattage&#xa0;: lisez la main montrée de la place {seat}, ou jetez-la</translation>
    </message>
    <message>
        <source>Showdown: key seat {seat}&apos;s shown cards, or muck them</source>
        <translation>Abattage&#xa0;: saisissez les cartes montrées de la place {seat}, ou jetez-les</translation>
    </message>
    <message>
        <source>Push the pots to the winners, drop the rake, then Pots pushed</source>
        <translation>Poussez les pots aux gagnants, versez le rake, puis Pots poussés</translation>
    </message>
    <message>
        <source>flop</source>
        <translation>flop</translation>
    </message>
    <message>
        <source>turn</source>
        <translation>turn</translation>
    </message>
    <message>
        <source>river</source>
        <translation>river</translation>
    </message>
    <message>
        <source>Pre-flop</source>
        <translation>Pré-flop</translation>
    </message>
    <message>
        <source>Flop</source>
        <translation>Flop</translation>
    </message>
    <message>
        <source>Turn</source>
        <translation>Turn</translation>
    </message>
    <message>
        <source>River</source>
        <translation>River</translation>
    </message>
    <message>
        <source>Table closed</source>
        <translation>Table fermée</translation>
    </message>
    <message>
        <source>Betting</source>
        <translation>Mises</translation>
    </message>
    <message>
        <source>Shuffling</source>
        <translation>Mélange</translation>
    </message>
    <message>
        <source>Dealer&apos;s hand revealed</source>
        <translation>Main de la Banque retournée</translation>
    </message>
    <message>
        <source>Players&apos; hands revealed</source>
        <translation>Mains des joueurs retournées</translation>
    </message>
    <message>
        <source>Showdown</source>
        <translation>Abattage</translation>
    </message>
    <message>
        <source>Settlement</source>
        <translation>Règlement</translation>
    </message>
    <message>
        <source>Paid</source>
        <translation>Payé</translation>
    </message>
    <message>
        <source>Void</source>
        <translation>Nul</translation>
    </message>
    <message>
        <source>{street} revealed</source>
        <translation>{street} retourné</translation>
    </message>
    <message>
        <source>{street} decision</source>
        <translation>Décision {street}</translation>
    </message>
    <message>
        <source>Dealing the {street}</source>
        <translation>Distribution du {street}</translation>
    </message>
    <message>
        <source>{phase}</source>
        <translation>{phase}</translation>
    </message>
    <message>
        <source>check</source>
        <translation>parole</translation>
    </message>
    <message>
        <source>call {amount}</source>
        <translation>suivre {amount}</translation>
    </message>
    <message>
        <source>bet {low}..{high}</source>
        <translation>miser {low}..{high}</translation>
    </message>
    <message>
        <source>bet {amount}</source>
        <translation>miser {amount}</translation>
    </message>
    <message>
        <source>raise to {low}..{high}</source>
        <translation>relancer à {low}..{high}</translation>
    </message>
    <message>
        <source>raise to {amount}</source>
        <translation>relancer à {amount}</translation>
    </message>
    <message>
        <source>all in {amount}</source>
        <translation>tapis {amount}</translation>
    </message>
    <message>
        <source>{first}, {second}</source>
        <translation>{first}, {second}</translation>
    </message>
    <message>
        <source>No raise: the stack only covers a call</source>
        <translation>Pas de relance&#xa0;: le tapis couvre seulement le suivi</translation>
    </message>
    <message>
        <source>No raise: the betting is capped (a bet and three raises)</source>
        <translation>Pas de relance&#xa0;: les enchères sont plafonnées (une mise et trois relances)</translation>
    </message>
    <message>
        <source>No raise: no opponent has chips left to call it</source>
        <translation>Pas de relance&#xa0;: aucun adversaire n&apos;a de jetons pour suivre</translation>
    </message>
    <message>
        <source>No raise: an all-in for less than a full raise does not reopen the betting</source>
        <translation>Pas de relance&#xa0;: un tapis inférieur à une relance complète ne rouvre pas les enchères</translation>
    </message>
    <message>
        <source>No raise: {why}</source>
        <translation>Pas de relance&#xa0;: {why}</translation>
    </message>
    <message>
        <source>Seat {seat}: a bet to {amount} is below the minimum bet to {least}</source>
        <translation>Place {seat}&#xa0;: une mise de {amount} est sous la mise minimum de {least}</translation>
    </message>
    <message>
        <source>Seat {seat}: a raise to {amount} is below the minimum raise to {least}</source>
        <translation>Place {seat}&#xa0;: une relance à {amount} est sous la relance minimum à {least}</translation>
    </message>
    <message>
        <source>Seat {seat}: {amount} is above the pot limit ({most} at most)</source>
        <translation>Place {seat}&#xa0;: {amount} dépasse la limite du pot ({most} au plus)</translation>
    </message>
    <message>
        <source>Seat {seat}: {amount} is more than the stack (all in is {everything})</source>
        <translation>Place {seat}&#xa0;: {amount} dépasse le tapis (tapis à {everything})</translation>
    </message>
    <message>
        <source>Seat {seat}: at fixed limit the only amount is {least}</source>
        <translation>Place {seat}&#xa0;: en limite fixe le seul montant est {least}</translation>
    </message>
    <message>
        <source>Buy-in {amount} is below the table minimum {limit}</source>
        <translation>Cave de {amount} sous le minimum de la table {limit}</translation>
    </message>
    <message>
        <source>Buy-in {amount} is above the table maximum {limit}</source>
        <translation>Cave de {amount} au-dessus du maximum de la table {limit}</translation>
    </message>
</context>
<context>
    <name>hand</name>
    <message>
        <source>Royal flush</source>
        <translation>Quinte flush royale</translation>
    </message>
    <message>
        <source>Straight flush</source>
        <translation>Quinte flush</translation>
    </message>
    <message>
        <source>Four of a kind</source>
        <translation>Carré</translation>
    </message>
    <message>
        <source>Full house</source>
        <translation>Full</translation>
    </message>
    <message>
        <source>Flush</source>
        <translation>Couleur</translation>
    </message>
    <message>
        <source>Straight</source>
        <translation>Suite</translation>
    </message>
    <message>
        <source>Three of a kind</source>
        <translation>Brelan</translation>
    </message>
    <message>
        <source>Two pair</source>
        <translation>Deux paires</translation>
    </message>
    <message>
        <source>One pair</source>
        <translation>Une paire</translation>
    </message>
    <message>
        <source>High card</source>
        <translation>Carte haute</translation>
    </message>
</context>
<context>
    <name>holdem_bonus</name>
    <message>
        <source>Ante</source>
        <translation>Mise</translation>
    </message>
    <message>
        <source>Bonus</source>
        <translation>Bonus</translation>
    </message>
    <message>
        <source>Pool</source>
        <translation>Jackpot</translation>
    </message>
    <message>
        <source>Flop</source>
        <translation>Flop</translation>
    </message>
    <message>
        <source>Turn</source>
        <translation>Turn</translation>
    </message>
    <message>
        <source>River</source>
        <translation>River</translation>
    </message>
    <message>
        <source>Fold</source>
        <translation>Coucher</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Parole</translation>
    </message>
    <message>
        <source>Pre-flop</source>
        <translation>Pré-flop</translation>
    </message>
</context>
<context>
    <name>poker</name>
    <message>
        <source>Seat {seat}</source>
        <translation>Place {seat}</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>libre</translation>
    </message>
    <message>
        <source>sitting out</source>
        <translation>absent</translation>
    </message>
    <message>
        <source>waits for BB</source>
        <translation>attend la BB</translation>
    </message>
    <message>
        <source>posts BB</source>
        <translation>paie la BB</translation>
    </message>
    <message>
        <source>no chips</source>
        <translation>sans jetons</translation>
    </message>
    <message>
        <source>folded</source>
        <translation>couché</translation>
    </message>
    <message>
        <source>mucked</source>
        <translation>jetée</translation>
    </message>
    <message>
        <source>ALL IN</source>
        <translation>TAPIS</translation>
    </message>
    <message>
        <source>D</source>
        <translation>D</translation>
    </message>
    <message>
        <source>SB</source>
        <translation>PB</translation>
    </message>
    <message>
        <source>BB</source>
        <translation>GB</translation>
    </message>
    <message>
        <source>POST</source>
        <translation>MISE</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>No limit</translation>
    </message>
    <message>
        <source>Pot limit</source>
        <translation>Pot limit</translation>
    </message>
    <message>
        <source>Fixed limit</source>
        <translation>Limite fixe</translation>
    </message>
    <message>
        <source>{structure} {stakes} · buy-in {buy_in} {currency}</source>
        <translation>{structure} {stakes} · cave {buy_in} {currency}</translation>
    </message>
    <message>
        <source>{seconds} s</source>
        <translation>{seconds} s</translation>
    </message>
    <message>
        <source>Main pot: {amount}</source>
        <translation>Pot principal&#xa0;: {amount}</translation>
    </message>
    <message>
        <source>Side pot {number}: {amount}</source>
        <translation>Pot annexe {number}&#xa0;: {amount}</translation>
    </message>
    <message>
        <source>{pot} · seats {seats}</source>
        <translation>{pot} · places {seats}</translation>
    </message>
    <message>
        <source>seat {seat}: {amount}</source>
        <translation>place {seat}&#xa0;: {amount}</translation>
    </message>
    <message>
        <source>push {shares}</source>
        <translation>pousser {shares}</translation>
    </message>
    <message>
        <source>rake {amount}</source>
        <translation>rake {amount}</translation>
    </message>
    <message>
        <source>{count} pots: {amount}</source>
        <translation>{count} pots&#xa0;: {amount}</translation>
    </message>
    <message>
        <source>two</source>
        <translation>deux</translation>
    </message>
    <message>
        <source>three</source>
        <translation>trois</translation>
    </message>
    <message>
        <source>four</source>
        <translation>quatre</translation>
    </message>
    <message>
        <source>five</source>
        <translation>cinq</translation>
    </message>
    <message>
        <source>six</source>
        <translation>six</translation>
    </message>
    <message>
        <source>seven</source>
        <translation>sept</translation>
    </message>
    <message>
        <source>eight</source>
        <translation>huit</translation>
    </message>
    <message>
        <source>nine</source>
        <translation>neuf</translation>
    </message>
    <message>
        <source>ten</source>
        <translation>dix</translation>
    </message>
    <message>
        <source>jack</source>
        <translation>valet</translation>
    </message>
    <message>
        <source>queen</source>
        <translation>dame</translation>
    </message>
    <message>
        <source>king</source>
        <translation>roi</translation>
    </message>
    <message>
        <source>ace</source>
        <translation>as</translation>
    </message>
    <message>
        <source>twos</source>
        <translation>deux</translation>
    </message>
    <message>
        <source>threes</source>
        <translation>trois</translation>
    </message>
    <message>
        <source>fours</source>
        <translation>quatre</translation>
    </message>
    <message>
        <source>fives</source>
        <translation>cinq</translation>
    </message>
    <message>
        <source>sixes</source>
        <translation>six</translation>
    </message>
    <message>
        <source>sevens</source>
        <translation>sept</translation>
    </message>
    <message>
        <source>eights</source>
        <translation>huit</translation>
    </message>
    <message>
        <source>nines</source>
        <translation>neuf</translation>
    </message>
    <message>
        <source>tens</source>
        <translation>dix</translation>
    </message>
    <message>
        <source>jacks</source>
        <translation>valets</translation>
    </message>
    <message>
        <source>queens</source>
        <translation>dames</translation>
    </message>
    <message>
        <source>kings</source>
        <translation>rois</translation>
    </message>
    <message>
        <source>aces</source>
        <translation>as</translation>
    </message>
    <message>
        <source>{rank}-high</source>
        <translation>hauteur {rank}</translation>
    </message>
    <message>
        <source>pair of {ranks}</source>
        <translation>paire de {ranks}</translation>
    </message>
    <message>
        <source>{ranks} and {seconds}</source>
        <translation>{ranks} et {seconds}</translation>
    </message>
    <message>
        <source>three {ranks}</source>
        <translation>brelan de {ranks}</translation>
    </message>
    <message>
        <source>straight to the {rank}</source>
        <translation>quinte au {rank}</translation>
    </message>
    <message>
        <source>flush, {rank}-high</source>
        <translation>couleur hauteur {rank}</translation>
    </message>
    <message>
        <source>{ranks} full of {seconds}</source>
        <translation>full aux {ranks} par les {seconds}</translation>
    </message>
    <message>
        <source>four {ranks}</source>
        <translation>carré de {ranks}</translation>
    </message>
    <message>
        <source>straight flush to the {rank}</source>
        <translation>quinte flush au {rank}</translation>
    </message>
    <message>
        <source>royal flush</source>
        <translation>quinte flush royale</translation>
    </message>
    <message>
        <source>Seat {seat}: {cards} {hand}</source>
        <translation>Place {seat}&#xa0;: {cards} {hand}</translation>
    </message>
    <message>
        <source>Rake to drop: {amount}</source>
        <translation>Rake à verser&#xa0;: {amount}</translation>
    </message>
    <message>
        <source>Uncalled {amount} back to seat {seat}</source>
        <translation>{amount} non suivis rendus à la place {seat}</translation>
    </message>
    <message>
        <source>Seat {seat} gets back {amount}</source>
        <translation>Place {seat}&#xa0;: {amount} rendus</translation>
    </message>
    <message>
        <source>Bets in front: {amount}</source>
        <translation>Mises devant les joueurs&#xa0;: {amount}</translation>
    </message>
    <message>
        <source>Fold</source>
        <translation>Se coucher</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Parole</translation>
    </message>
    <message>
        <source>Call {amount}</source>
        <translation>Suivre {amount}</translation>
    </message>
    <message>
        <source>Bet {amount}</source>
        <translation>Miser {amount}</translation>
    </message>
    <message>
        <source>Raise to {amount}</source>
        <translation>Relancer à {amount}</translation>
    </message>
    <message>
        <source>All in {amount}</source>
        <translation>Tapis {amount}</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>Min</translation>
    </message>
    <message>
        <source>1/2 pot</source>
        <translation>1/2 pot</translation>
    </message>
    <message>
        <source>Pot</source>
        <translation>Pot</translation>
    </message>
    <message>
        <source>All in</source>
        <translation>Tapis</translation>
    </message>
    <message>
        <source>Deal next hand</source>
        <translation>Coup suivant</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Montrer</translation>
    </message>
    <message>
        <source>Muck</source>
        <translation>Jeter</translation>
    </message>
    <message>
        <source>Pots pushed</source>
        <translation>Pots poussés</translation>
    </message>
    <message>
        <source>Seat player</source>
        <translation>Installer</translation>
    </message>
    <message>
        <source>Add chips</source>
        <translation>Recave</translation>
    </message>
    <message>
        <source>Sit out</source>
        <translation>Absent</translation>
    </message>
    <message>
        <source>Sit in</source>
        <translation>De retour</translation>
    </message>
    <message>
        <source>Cash out</source>
        <translation>Encaisser</translation>
    </message>
    <message>
        <source>Post a big blind</source>
        <translation>Payer une grosse blinde</translation>
    </message>
    <message>
        <source>Keypad</source>
        <translation>Clavier</translation>
    </message>
    <message>
        <source>Seat {seat} to act</source>
        <translation>Place {seat} de parler</translation>
    </message>
    <message>
        <source>Tap a seat to seat a player or change it</source>
        <translation>Touchez une place pour installer un joueur ou la modifier</translation>
    </message>
    <message>
        <source>Seat {seat}: {what}</source>
        <translation>Place {seat}&#xa0;: {what}</translation>
    </message>
    <message>
        <source>Seat {seat}: bet ({span})</source>
        <translation>Place {seat}&#xa0;: mise ({span})</translation>
    </message>
    <message>
        <source>Seat {seat}: raise to ({span})</source>
        <translation>Place {seat}&#xa0;: relance à ({span})</translation>
    </message>
    <message>
        <source>Seat {seat}: buy-in ({span})</source>
        <translation>Place {seat}&#xa0;: cave ({span})</translation>
    </message>
    <message>
        <source>Seat {seat}: chips to add ({span})</source>
        <translation>Place {seat}&#xa0;: jetons à ajouter ({span})</translation>
    </message>
</context>
<context>
    <name>result</name>
    <message>
        <source>Win</source>
        <translation>Gagne</translation>
    </message>
    <message>
        <source>Lose</source>
        <translation>Perd</translation>
    </message>
    <message>
        <source>Tie</source>
        <translation>Égalité</translation>
    </message>
    <message>
        <source>Fold</source>
        <translation>Se couche</translation>
    </message>
</context>
<context>
    <name>screen</name>
    <message>
        <source>NO MORE BETS</source>
        <translation>RIEN NE VA PLUS</translation>
    </message>
    <message>
        <source>Correct round {number}: pay (+) or collect (-) per seat</source>
        <translation>Corriger le coup {number}&#xa0;: payer (+) ou ramasser (-) par place</translation>
    </message>
    <message>
        <source>Pay +</source>
        <translation>Payer +</translation>
    </message>
    <message>
        <source>Collect -</source>
        <translation>Ramasser -</translation>
    </message>
    <message>
        <source>Next: badge and PIN</source>
        <translation>Suivant&#xa0;: badge et PIN</translation>
    </message>
    <message>
        <source>Seat {seat}</source>
        <translation>Place {seat}</translation>
    </message>
    <message>
        <source>Settle seat {seat} now, before seat {shown}?</source>
        <translation>Régler la place {seat} maintenant, avant la place {shown}&#xa0;?</translation>
    </message>
    <message>
        <source>Stay on seat {seat}</source>
        <translation>Rester sur la place {seat}</translation>
    </message>
    <message>
        <source>Settle seat {seat} now</source>
        <translation>Régler la place {seat} maintenant</translation>
    </message>
    <message>
        <source>{count} more below</source>
        <translation>{count} de plus ci-dessous</translation>
    </message>
    <message>
        <source>Seat {seat} {spot}: chip {chip} counts for</source>
        <translation>Place {seat} {spot}&#xa0;: le jeton {chip} vaut</translation>
    </message>
    <message>
        <source>Counts for {amount}</source>
        <translation>Vaut {amount}</translation>
    </message>
    <message>
        <source>collect now</source>
        <translation>à ramasser</translation>
    </message>
    <message>
        <source>All: {action}</source>
        <translation>Tous&#xa0;: {action}</translation>
    </message>
    <message>
        <source>Undo seat {seat}</source>
        <translation>Défaire place {seat}</translation>
    </message>
    <message>
        <source>Clear seat {seat}</source>
        <translation>Vider place {seat}</translation>
    </message>
    <message>
        <source>Tap again: seat {seat} is the last, the round closes</source>
        <translation>Touchez encore&#xa0;: la place {seat} est la dernière, le coup se ferme</translation>
    </message>
    <message>
        <source>Seat {seat}: the chips do not match yet</source>
        <translation>Place {seat}&#xa0;: les jetons ne correspondent pas encore</translation>
    </message>
    <message>
        <source>Undo paid seat {seat}</source>
        <translation>Défaire&#xa0;: place {seat}</translation>
    </message>
    <message>
        <source>Amount...</source>
        <translation>Montant…</translation>
    </message>
    <message>
        <source>No more bets</source>
        <translation>Rien ne va plus</translation>
    </message>
    <message>
        <source>Same as last round: {bets}</source>
        <translation>Mêmes mises&#xa0;: {bets}</translation>
    </message>
    <message>
        <source>Same as last round</source>
        <translation>Mêmes mises</translation>
    </message>
    <message>
        <source>Seat {seat}: {spot}</source>
        <translation>Place {seat}&#xa0;: {spot}</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>pay</source>
        <translation>payer</translation>
    </message>
    <message>
        <source>collect</source>
        <translation>ramasser</translation>
    </message>
    <message>
        <source>push</source>
        <translation>égalité</translation>
    </message>
    <message>
        <source>Key the card</source>
        <translation>Saisir la carte</translation>
    </message>
    <message>
        <source>Supervisor</source>
        <translation>Superviseur</translation>
    </message>
    <message>
        <source>Seat {seat}: {amount}</source>
        <translation>Place {seat}&#xa0;: {amount}</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Suivant</translation>
    </message>
    <message>
        <source>Space</source>
        <translation>Espace</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <source>Badge</source>
        <translation>Badge</translation>
    </message>
    <message>
        <source>PIN</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>Reason: pick one</source>
        <translation>Motif&#xa0;: choisissez</translation>
    </message>
    <message>
        <source>{denomination} is not a chip of this tray</source>
        <translation>{denomination} n&apos;est pas un jeton de cette caisse</translation>
    </message>
    <message>
        <source>{denomination}: a count is a whole number of chips, not {text}</source>
        <translation>{denomination}&#xa0;: un compte est un nombre entier de jetons, pas {text}</translation>
    </message>
    <message>
        <source>{denomination}: {number} chips is more than any tray holds</source>
        <translation>{denomination}&#xa0;: {number} jetons, plus qu&apos;aucune caisse ne contient</translation>
    </message>
    <message>
        <source>Total: {amount}</source>
        <translation>Total&#xa0;: {amount}</translation>
    </message>
    <message>
        <source>Key at least one chip</source>
        <translation>Saisissez au moins un jeton</translation>
    </message>
    <message>
        <source>Bank</source>
        <translation>Caisse</translation>
    </message>
    <message>
        <source>Buy-in: seat</source>
        <translation>Change&#xa0;: place</translation>
    </message>
    <message>
        <source>Other...</source>
        <translation>Autre...</translation>
    </message>
    <message>
        <source>Cash</source>
        <translation>Espèces</translation>
    </message>
    <message>
        <source>Marker</source>
        <translation>Marqueur</translation>
    </message>
    <message>
        <source>Fill</source>
        <translation>Remplissage</translation>
    </message>
    <message>
        <source>Credit</source>
        <translation>Crédit</translation>
    </message>
    <message>
        <source>Receive slip</source>
        <translation>Recevoir bordereau</translation>
    </message>
    <message>
        <source>Void slip</source>
        <translation>Annuler bordereau</translation>
    </message>
    <message>
        <source>Clear tray alarm</source>
        <translation>Lever l&apos;alarme plateau</translation>
    </message>
    <message>
        <source>Tray should hold {amount}</source>
        <translation>La caisse doit contenir {amount}</translation>
    </message>
    <message>
        <source>buy-ins {amount} ({count})</source>
        <translation>changes {amount} ({count})</translation>
    </message>
    <message>
        <source>win so far {amount}</source>
        <translation>gain à ce stade {amount}</translation>
    </message>
    <message>
        <source>In flight: {slips}</source>
        <translation>En cours&#xa0;: {slips}</translation>
    </message>
    <message>
        <source>Close shift</source>
        <translation>Fermer le poste</translation>
    </message>
    <message>
        <source>Open shift</source>
        <translation>Ouvrir le poste</translation>
    </message>
    <message>
        <source>Buy-in {amount} at seat {seat}</source>
        <translation>Change {amount} à la place {seat}</translation>
    </message>
    <message>
        <source>Buy-in: seat and amount</source>
        <translation>Change&#xa0;: place et montant</translation>
    </message>
    <message>
        <source>fill</source>
        <translation>remplissage</translation>
    </message>
    <message>
        <source>credit</source>
        <translation>crédit</translation>
    </message>
    <message>
        <source>Buy-in amount</source>
        <translation>Montant du change</translation>
    </message>
    <message>
        <source>Buy-in {amount}</source>
        <translation>Change {amount}</translation>
    </message>
    <message>
        <source>The tray the antenna read: confirm the closer</source>
        <translation>Le plateau lu par l&apos;antenne : confirmez la clôture</translation>
    </message>
    <message>
        <source>Count the tray: closer</source>
        <translation>Comptez la caisse&#xa0;: fermeture</translation>
    </message>
    <message>
        <source>Count the tray: opener</source>
        <translation>Comptez la caisse&#xa0;: ouverture</translation>
    </message>
    <message>
        <source>Chips for the fill</source>
        <translation>Jetons du remplissage</translation>
    </message>
    <message>
        <source>Chips for the credit</source>
        <translation>Jetons du crédit</translation>
    </message>
    <message>
        <source>{count} chips, {amount}</source>
        <translation>{count} jetons, {amount}</translation>
    </message>
    <message>
        <source>Counted</source>
        <translation>Compté</translation>
    </message>
    <message>
        <source>{slip}: counted {amount}</source>
        <translation>{slip}&#xa0;: compté {amount}</translation>
    </message>
    <message>
        <source>Count the chips of {slip}</source>
        <translation>Comptez les jetons de {slip}</translation>
    </message>
    <message>
        <source>Receive which slip?</source>
        <translation>Recevoir quel bordereau&#xa0;?</translation>
    </message>
    <message>
        <source>Void which slip?</source>
        <translation>Annuler quel bordereau&#xa0;?</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Motif</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>Place</translation>
    </message>
    <message>
        <source>Hole cards</source>
        <translation>Cartes</translation>
    </message>
    <message>
        <source>Bets</source>
        <translation>Mises</translation>
    </message>
    <message>
        <source>Decisions</source>
        <translation>Décisions</translation>
    </message>
    <message>
        <source>Settlement</source>
        <translation>Règlement</translation>
    </message>
    <message>
        <source>VOID</source>
        <translation>NUL</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Quand</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>Qui</translation>
    </message>
    <message>
        <source>What</source>
        <translation>Quoi</translation>
    </message>
    <message>
        <source>Timeline of {round}</source>
        <translation>Chronologie de {round}</translation>
    </message>
    <message>
        <source>This table has no progressive.</source>
        <translation>Cette table n&apos;a pas de progressif.</translation>
    </message>
    <message>
        <source>Overflow</source>
        <translation>Dépassement</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Remise à zéro</translation>
    </message>
    <message>
        <source>Hits</source>
        <translation>Gains</translation>
    </message>
    <message>
        <source>Contributed</source>
        <translation>Contributions</translation>
    </message>
    <message>
        <source>Awarded</source>
        <translation>Versé</translation>
    </message>
    <message>
        <source>Seeded</source>
        <translation>Apport maison</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>Coup</translation>
    </message>
    <message>
        <source>Hand</source>
        <translation>Main</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Montant</translation>
    </message>
    <message>
        <source>Verified by</source>
        <translation>Vérifié par</translation>
    </message>
    <message>
        <source>Recall</source>
        <translation>Historique</translation>
    </message>
    <message>
        <source>Find round</source>
        <translation>Chercher un coup</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Chronologie</translation>
    </message>
    <message>
        <source>Jackpot</source>
        <translation>Jackpot</translation>
    </message>
    <message>
        <source>Reading the journal...</source>
        <translation>Lecture du journal...</translation>
    </message>
    <message>
        <source>No finished round yet.</source>
        <translation>Aucun coup terminé.</translation>
    </message>
    <message>
        <source>Find round: its number</source>
        <translation>Chercher un coup&#xa0;: son numéro</translation>
    </message>
    <message>
        <source>No finished round {number}</source>
        <translation>Aucun coup terminé {number}</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Afficher</translation>
    </message>
    <message>
        <source>supervisor {badge}</source>
        <translation>superviseur {badge}</translation>
    </message>
    <message>
        <source>the station</source>
        <translation>le poste</translation>
    </message>
    <message>
        <source>breakage {amount}</source>
        <translation>arrondi {amount}</translation>
    </message>
    <message>
        <source>Table total to players: {what}</source>
        <translation>Total de la table aux joueurs&#xa0;: {what}</translation>
    </message>
    <message>
        <source>Round {number} void: {cause}</source>
        <translation>Coup {number} nul&#xa0;: {cause}</translation>
    </message>
    <message>
        <source>Voided by {who} at {time}</source>
        <translation>Déclaré nul par {who} à {time}</translation>
    </message>
    <message>
        <source>Collect {spots}</source>
        <translation>Ramasser {spots}</translation>
    </message>
    <message>
        <source>Collect {amount}: {spots}</source>
        <translation>Ramasser {amount}&#xa0;: {spots}</translation>
    </message>
    <message>
        <source>Pay {spot} {amount}</source>
        <translation>Payer {spot} {amount}</translation>
    </message>
    <message>
        <source>Push {spots}: the stake stays</source>
        <translation>Égalité {spots}&#xa0;: la mise reste</translation>
    </message>
    <message>
        <source>Jackpot {amount}: paid from the progressive, not the rack</source>
        <translation>Jackpot {amount}&#xa0;: payé par le progressif, pas par le rack</translation>
    </message>
    <message>
        <source>Withheld {amount}: do not pay, a supervisor decides</source>
        <translation>Retenu {amount}&#xa0;: ne payez pas, un superviseur décide</translation>
    </message>
    <message>
        <source>collected {amount}</source>
        <translation>ramassé {amount}</translation>
    </message>
    <message>
        <source>withheld {amount}</source>
        <translation>retenu {amount}</translation>
    </message>
    <message>
        <source>paid {amount}</source>
        <translation>payé {amount}</translation>
    </message>
    <message>
        <source>jackpot {amount}</source>
        <translation>jackpot {amount}</translation>
    </message>
    <message>
        <source>collect {amount}</source>
        <translation>ramasser {amount}</translation>
    </message>
    <message>
        <source>pay {amount}</source>
        <translation>payer {amount}</translation>
    </message>
    <message>
        <source>, then </source>
        <translation>, puis </translation>
    </message>
    <message>
        <source>push: the stakes stay</source>
        <translation>égalité&#xa0;: les mises restent</translation>
    </message>
    <message>
        <source>{spot} cleared</source>
        <translation>{spot} ramassée</translation>
    </message>
    <message>
        <source>{spot} {amount} stays</source>
        <translation>{spot} {amount} reste</translation>
    </message>
    <message>
        <source>{spot}: {amount} on the spot</source>
        <translation>{spot}&#xa0;: {amount} sur la case</translation>
    </message>
    <message>
        <source>Collect {spot} {amount}</source>
        <translation>Ramasser {spot} {amount}</translation>
    </message>
    <message>
        <source>Pay {spot} {amount} → {due}</source>
        <translation>Payer {spot} {amount} → {due}</translation>
    </message>
    <message>
        <source>({seen} → {due})</source>
        <translation>({seen} → {due})</translation>
    </message>
    <message>
        <source>keyed</source>
        <translation>saisie</translation>
    </message>
    <message>
        <source>sensor {amount}</source>
        <translation>capteur {amount}</translation>
    </message>
    <message>
        <source>Net {amount}</source>
        <translation>Net {amount}</translation>
    </message>
    <message>
        <source>Every stake returned</source>
        <translation>Toutes les mises rendues</translation>
    </message>
    <message>
        <source>Seat {seat} done: {what}</source>
        <translation>Place {seat} réglée&#xa0;: {what}</translation>
    </message>
    <message>
        <source>Settle seat {seat}: {what}</source>
        <translation>Régler la place {seat}&#xa0;: {what}</translation>
    </message>
    <message>
        <source>(out of order: seat {seat} next)</source>
        <translation>(hors ordre&#xa0;: ensuite la place {seat})</translation>
    </message>
    <message>
        <source>Open betting</source>
        <translation>Ouvrir les mises</translation>
    </message>
    <message>
        <source>Cards dealt</source>
        <translation>Cartes distribuées</translation>
    </message>
    <message>
        <source>Reveal</source>
        <translation>Retourner</translation>
    </message>
    <message>
        <source>Key card</source>
        <translation>Saisir une carte</translation>
    </message>
    <message>
        <source>Re-check the deck</source>
        <translation>Revérifier le jeu</translation>
    </message>
    <message>
        <source>Training: pass the card</source>
        <translation>Formation&#xa0;: passer la carte</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Langue</translation>
    </message>
    <message>
        <source>Key the card: {position} card {number}</source>
        <translation>Saisir la carte&#xa0;: {position}, carte {number}</translation>
    </message>
    <message>
        <source>Seat {seat}, round {round}: {amount} withheld</source>
        <translation>Place {seat}, tour {round}&#xa0;: {amount} retenus</translation>
    </message>
    <message>
        <source>Correct {place} (now {card})</source>
        <translation>Corriger {place} (actuellement {card})</translation>
    </message>
    <message>
        <source>{place}: {was} becomes {card}</source>
        <translation>{place}&#xa0;: {was} devient {card}</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Joueurs</translation>
    </message>
    <message>
        <source>Seat {seat}: card in (then swipe the card)</source>
        <translation>Place {seat}&#xa0;: arrivée du joueur (puis passez sa carte)</translation>
    </message>
    <message>
        <source>Seat {seat}: key an id</source>
        <translation>Place {seat}&#xa0;: saisir un identifiant</translation>
    </message>
    <message>
        <source>Seat {seat} {player}: card out</source>
        <translation>Place {seat} {player}&#xa0;: départ du joueur</translation>
    </message>
    <message>
        <source>Seat {seat}: resume</source>
        <translation>Place {seat}&#xa0;: reprise</translation>
    </message>
    <message>
        <source>Seat {seat}: pause</source>
        <translation>Place {seat}&#xa0;: pause</translation>
    </message>
    <message>
        <source>Swipe the player&apos;s card now: seat {seat}</source>
        <translation>Passez la carte du joueur maintenant&#xa0;: place {seat}</translation>
    </message>
    <message>
        <source>Badge {badge}: {count} failed attempt(s) since its last sign-in</source>
        <translation>Badge {badge}&#xa0;: {count} essai(s) refusé(s) depuis sa dernière connexion</translation>
    </message>
    <message>
        <source>Every card of round {number} (supervisor)</source>
        <translation>Toutes les cartes du coup {number} (superviseur)</translation>
    </message>
    <message>
        <source>Close the station? The table stops taking bets.</source>
        <translation>Fermer le poste&#xa0;? La table ne prend plus de mises.</translation>
    </message>
    <message>
        <source>Keep running</source>
        <translation>Continuer</translation>
    </message>
    <message>
        <source>Close the station</source>
        <translation>Fermer le poste</translation>
    </message>
    <message>
        <source>Shift: mispays {mispays} ({amount}) · losing bets left {left} · past-posts {past} · pinches {pinch} · counterfeits {fake} · overrides {overrides}</source>
        <translation>Service&#xa0;: erreurs {mispays} ({amount}) · perdantes laissées {left} · tardives {past} · retirées {pinch} · faux jetons {fake} · dérogations {overrides}</translation>
    </message>
    <message>
        <source>seat {seat} {player}</source>
        <translation>place {seat} {player}</translation>
    </message>
    <message>
        <source>held: call a supervisor</source>
        <translation>bloquée&#xa0;: appelez un superviseur</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>en pause</translation>
    </message>
    <message>
        <source>exclusion list of {since}</source>
        <translation>liste d&apos;exclusion du {since}</translation>
    </message>
    <message>
        <source>no exclusion list received</source>
        <translation>aucune liste d&apos;exclusion reçue</translation>
    </message>
    <message>
        <source>Players: {players}</source>
        <translation>Joueurs&#xa0;: {players}</translation>
    </message>
    <message>
        <source>nobody carded in</source>
        <translation>aucun joueur identifié</translation>
    </message>
    <message>
        <source>Round {number}</source>
        <translation>Coup {number}</translation>
    </message>
    <message>
        <source>Shift: rounds {rounds} · table win {result}</source>
        <translation>Service : coups {rounds} · gain table {result}</translation>
    </message>
    <message>
        <source>Shoe</source>
        <translation>Sabot</translation>
    </message>
    <message>
        <source>Reader</source>
        <translation>Lecteur</translation>
    </message>
    <message>
        <source>Deck</source>
        <translation>Jeu</translation>
    </message>
    <message>
        <source>Bet sensor</source>
        <translation>Capteur</translation>
    </message>
    <message>
        <source>{amount} pending verification</source>
        <translation>{amount} à vérifier</translation>
    </message>
    <message>
        <source>JACKPOT</source>
        <translation>JACKPOT</translation>
    </message>
    <message>
        <source>Dealer</source>
        <translation>Banque</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>Tableau</translation>
    </message>
    <message>
        <source>qualifies</source>
        <translation>qualifiée</translation>
    </message>
    <message>
        <source>does not qualify</source>
        <translation>non qualifiée</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Effacer</translation>
    </message>
    <message>
        <source>{position} card {number}</source>
        <translation>{position}, carte {number}</translation>
    </message>
    <message>
        <source>Correct a card: tap the card keyed wrong</source>
        <translation>Corriger une carte&#xa0;: touchez la carte mal saisie</translation>
    </message>
    <message>
        <source>Tap again: {action}</source>
        <translation>Touchez encore&#xa0;: {action}</translation>
    </message>
    <message>
        <source>Key the id printed on the player&apos;s card</source>
        <translation>Saisissez l&apos;identifiant imprimé sur la carte du joueur</translation>
    </message>
    <message>
        <source>A player id starts with a letter or a digit</source>
        <translation>Un identifiant de joueur commence par une lettre ou un chiffre</translation>
    </message>
    <message>
        <source>Seat {seat}: key the player&apos;s id</source>
        <translation>Place {seat}&#xa0;: saisissez l&apos;identifiant du joueur</translation>
    </message>
    <message>
        <source>Leave anonymous</source>
        <translation>Laisser anonyme</translation>
    </message>
    <message>
        <source>Card in</source>
        <translation>Arrivée du joueur</translation>
    </message>
</context>
<context>
    <name>uth</name>
    <message>
        <source>Ante</source>
        <translation>Mise</translation>
    </message>
    <message>
        <source>Blind</source>
        <translation>Blinde</translation>
    </message>
    <message>
        <source>Trips</source>
        <translation>Bonus</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Jouer</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Parole</translation>
    </message>
    <message>
        <source>Fold</source>
        <translation>Coucher</translation>
    </message>
    <message>
        <source>Play 4x</source>
        <translation>Jouer 4x</translation>
    </message>
    <message>
        <source>Play 3x</source>
        <translation>Jouer 3x</translation>
    </message>
    <message>
        <source>Play 2x</source>
        <translation>Jouer 2x</translation>
    </message>
    <message>
        <source>Play 1x</source>
        <translation>Jouer 1x</translation>
    </message>
    <message>
        <source>Pre-flop</source>
        <translation>Pré-flop</translation>
    </message>
    <message>
        <source>Flop</source>
        <translation>Flop</translation>
    </message>
    <message>
        <source>River</source>
        <translation>River</translation>
    </message>
</context>
</TS>
