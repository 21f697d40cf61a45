<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.6" name="terrain" tilewidth="2" tileheight="2" tilecount="9" columns="8">
 <image source="terrain.png" width="16" height="8"/>
 <tile id="0" type="open">
  <properties>
   <property name="terrain" value="open"/>
  </properties>
 </tile>
 <tile id="1" type="woods">
  <properties>
   <property name="terrain" value="woods"/>
  </properties>
 </tile>
 <tile id="2" type="building">
  <properties>
   <property name="terrain" value="building"/>
  </properties>
 </tile>
 <tile id="3" type="hill-level1">
  <properties>
   <property name="level" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="4" type="road">
  <properties>
   <property name="road" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="5" type="wall-2">
  <properties>
   <property name="wall" value="2"/>
  </properties>
 </tile>
 <tile id="6" type="pond">
  <properties>
   <property name="terrain" value="pond"/>
  </properties>
 </tile>
 <tile id="7" type="crops-level2">
  <properties>
   <property name="terrain" value="crops"/>
   <property name="level" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="8" type="counter"/>
</tileset>
